/** IDM-v1 calls: bootstrap, version, news, users and roles (docs/api.md). */
import type {
  BootstrapRequest,
  BootstrapResponse,
  BootstrapStatus,
  CreateRoleRequest,
  CreateUserRequest,
  NewsResponse,
  Page,
  PageQuery,
  Role,
  UpdateRoleRequest,
  UpdateUserRequest,
  UserSummary,
  VersionResponse,
} from '@tessera/domain';
import type { HttpSend } from './http';

const IDM = '/api2/IDM-v1';

/** The IDM-v1 calls. */
export interface IdmCalls {
  /** `GET /api2/IDM-v1/BootstrapStatus`. */
  bootstrapStatus(): Promise<BootstrapStatus>;
  /** `POST /api2/IDM-v1/Bootstrap` (first run only; else BOOTSTRAP_DONE). */
  bootstrap(request: BootstrapRequest): Promise<BootstrapResponse>;
  /** `GET /api2/IDM-v1/Version`. */
  version(): Promise<VersionResponse>;
  /** `GET /api2/IDM-v1/News`. */
  news(): Promise<NewsResponse>;
  /** `GET /api2/IDM-v1/Users?skip&take&search&sortField&sortDirection` (userView). */
  listUsers(query?: PageQuery): Promise<Page<UserSummary>>;
  /** `GET /api2/IDM-v1/User?id` (userView); NOT_FOUND for an unknown id or another tenant's. */
  getUser(id: string): Promise<UserSummary>;
  /** `POST /api2/IDM-v1/User` (userAdd). */
  createUser(request: CreateUserRequest): Promise<UserSummary>;
  /** `PUT /api2/IDM-v1/User` (userEdit, or selfServicePortal for one's own names and e-mail). */
  updateUser(request: UpdateUserRequest): Promise<UserSummary>;
  /** `GET /api2/IDM-v1/Roles?skip&take&search` (roleView). */
  listRoles(query?: Pick<PageQuery, 'skip' | 'take' | 'search'>): Promise<Page<Role>>;
  /** `GET /api2/IDM-v1/Role?id` (roleView). */
  getRole(id: string): Promise<Role>;
  /** `POST /api2/IDM-v1/Role` (roleAdd). */
  createRole(request: CreateRoleRequest): Promise<Role>;
  /** `PUT /api2/IDM-v1/Role` (roleEdit). */
  updateRole(request: UpdateRoleRequest): Promise<Role>;
}

/** The IDM-v1 calls over `send`. */
export function idmCalls(send: HttpSend): IdmCalls {
  return {
    bootstrapStatus: () => send({ method: 'GET', path: `${IDM}/BootstrapStatus` }),
    bootstrap: (request) => send({ method: 'POST', path: `${IDM}/Bootstrap`, body: request }),
    version: () => send({ method: 'GET', path: `${IDM}/Version` }),
    news: () => send({ method: 'GET', path: `${IDM}/News` }),
    listUsers: (query = {}) => send({ method: 'GET', path: `${IDM}/Users`, query: { ...query } }),
    getUser: (id) => send({ method: 'GET', path: `${IDM}/User`, query: { id } }),
    createUser: (request) => send({ method: 'POST', path: `${IDM}/User`, body: request }),
    updateUser: (request) => send({ method: 'PUT', path: `${IDM}/User`, body: request }),
    listRoles: (query = {}) => send({ method: 'GET', path: `${IDM}/Roles`, query: { ...query } }),
    getRole: (id) => send({ method: 'GET', path: `${IDM}/Role`, query: { id } }),
    createRole: (request) => send({ method: 'POST', path: `${IDM}/Role`, body: request }),
    updateRole: (request) => send({ method: 'PUT', path: `${IDM}/Role`, body: request }),
  };
}
