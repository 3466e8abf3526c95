/**
 * Issue 13 identity administration calls: deleting users, the user photo, organisations (types, parents,
 * tree, per-organisation permissions, business-number verification) and sponsors (docs/api.md).
 */
import type {
  CreateOrganisationRequest,
  Organisation,
  OrganisationPermissions,
  OrganisationTreeNode,
  Page,
  PageQuery,
  UpdateOrganisationRequest,
} from '@tessera/domain';
import type { HttpSend } from './http';

const IDM = '/api2/IDM-v1';

/** The identity administration calls. */
export interface IdentityAdminCalls {
  /** `DELETE /api2/IDM-v1/User?id` (userDelete). */
  deleteUser(id: string): Promise<void>;
  /** `GET /api2/IDM-v1/Organisations?skip&take&search` (orgView). */
  listOrganisations(query?: Pick<PageQuery, 'skip' | 'take' | 'search'>): Promise<Page<Organisation>>;
  /** `GET /api2/IDM-v1/Organisation?id` (orgView). */
  getOrganisation(id: string): Promise<Organisation>;
  /** `POST /api2/IDM-v1/Organisation` (orgAdd); CONFLICT field `name` for a duplicate name. */
  createOrganisation(request: CreateOrganisationRequest): Promise<Organisation>;
  /** `PUT /api2/IDM-v1/Organisation` (orgEdit). */
  updateOrganisation(request: UpdateOrganisationRequest): Promise<Organisation>;
  /** `GET /api2/IDM-v1/OrganisationTypes` (orgView). */
  organisationTypes(): Promise<{ types: string[]; businessNumberSchemes: { scheme: string; label: string }[] }>;
  /** `GET /api2/IDM-v1/OrganisationParents?id` (orgView): the parents an organisation may take. */
  organisationParents(id?: string): Promise<{ parents: { id: string; name: string }[] }>;
  /** `GET /api2/IDM-v1/OrganisationTree` (orgTree). */
  organisationTree(): Promise<{ tree: OrganisationTreeNode[] }>;
  /** `GET /api2/IDM-v1/OrganisationPermissions/{orgId}` (orgView). */
  getOrganisationPermissions(orgId: string): Promise<OrganisationPermissions>;
  /** `PUT /api2/IDM-v1/OrganisationPermissions/{orgId}` (orgEdit). */
  setOrganisationPermissions(orgId: string, request: { permissions: string[]; blacklist: string[] }): Promise<OrganisationPermissions>;
  /** `POST /api2/IDM-v1/VerifyBusinessNumber` (orgView): the result, or VALIDATION with the verifier's message. */
  verifyBusinessNumber(request: { businessNumber: string; scheme?: string }): Promise<{ valid: true; scheme: string; businessNumber: string }>;
}

/** The identity administration calls over `send`. */
export function identityAdminCalls(send: HttpSend): IdentityAdminCalls {
  return {
    deleteUser: (id) => send({ method: 'DELETE', path: `${IDM}/User`, query: { id } }),
    listOrganisations: (query = {}) => send({ method: 'GET', path: `${IDM}/Organisations`, query: { ...query } }),
    getOrganisation: (id) => send({ method: 'GET', path: `${IDM}/Organisation`, query: { id } }),
    createOrganisation: (request) => send({ method: 'POST', path: `${IDM}/Organisation`, body: request }),
    updateOrganisation: (request) => send({ method: 'PUT', path: `${IDM}/Organisation`, body: request }),
    organisationTypes: () => send({ method: 'GET', path: `${IDM}/OrganisationTypes` }),
    organisationParents: (id) => send({ method: 'GET', path: `${IDM}/OrganisationParents`, query: id ? { id } : {} }),
    organisationTree: () => send({ method: 'GET', path: `${IDM}/OrganisationTree` }),
    getOrganisationPermissions: (orgId) => send({ method: 'GET', path: `${IDM}/OrganisationPermissions/${encodeURIComponent(orgId)}` }),
    setOrganisationPermissions: (orgId, request) => send({ method: 'PUT', path: `${IDM}/OrganisationPermissions/${encodeURIComponent(orgId)}`, body: request }),
    verifyBusinessNumber: (request) => send({ method: 'POST', path: `${IDM}/VerifyBusinessNumber`, body: request }),
  };
}
