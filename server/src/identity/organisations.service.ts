/**
 * Organisation rules (admin-console §3, §5, §6; issue 13): list, read, add and edit organisations of the
 * viewer's tenant with a type, a parent (never itself or below itself), a verified business number and
 * per-organisation permissions; the tree; audit.
 */
import type { CreateOrganisationRequest, Organisation, OrganisationPermissions, OrganisationTreeNode, Page, UpdateOrganisationRequest } from '@tessera/domain';
import { buildOrganisationTree, descendantIds, MESSAGES, ORGANISATION_TYPES } from '@tessera/domain';
import type { Db, DbOrTrx } from '../db/database';
import type { AuditWriter } from '../platform/audit';
import type { AuthContext } from '../platform/types';
import { ConflictError, NotFoundError, ValidationError } from '../platform/errors';
import { isUniqueViolation } from '../platform/db-errors';
import type { OrganisationRow, OrganisationUpdate } from './organisations.table';
import * as orgs from './organisations.repository';
import type { Actor } from './users.service';
import { requireGrantable } from './grants.service';
import { DEFAULT_BUSINESS_NUMBER_VERIFIERS, type BusinessNumberVerifier } from './business-numbers';

/** What the organisation service needs. */
export interface OrganisationsDeps {
  db: Db;
  audit: AuditWriter;
  verifiers?: readonly BusinessNumberVerifier[];
}

const nameTaken = () => new ConflictError('name', MESSAGES.ORGANISATION_NAME_TAKEN);

function toOrganisation(row: OrganisationRow, parentName: string | null, memberCount: number): Organisation {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    parentId: row.parent_id,
    parentName,
    businessNumber: row.business_number,
    businessNumberScheme: row.business_number_scheme,
    businessNumberVerifiedAt: row.business_number_verified_at?.toISOString() ?? null,
    memberCount,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

async function present(db: DbOrTrx, tenantId: string, row: OrganisationRow): Promise<Organisation> {
  const [parent, counts] = await Promise.all([row.parent_id ? orgs.findById(db, tenantId, row.parent_id) : undefined, orgs.memberCounts(db, tenantId)]);
  return toOrganisation(row, parent?.name ?? null, counts.get(row.id) ?? 0);
}

/** The verifiers of the deps, or the shipped ones. */
function verifiersOf(deps: OrganisationsDeps): readonly BusinessNumberVerifier[] {
  return deps.verifiers ?? DEFAULT_BUSINESS_NUMBER_VERIFIERS;
}

/**
 * Verifies a business number with the scheme's verifier (default: the first). A result, or a
 * ValidationError on `businessNumber` (or `businessNumberScheme` for an unknown scheme).
 */
export async function verifyBusinessNumber(deps: OrganisationsDeps, businessNumber: string, scheme?: string): Promise<{ valid: true; scheme: string; businessNumber: string }> {
  const list = verifiersOf(deps);
  const verifier = scheme === undefined ? list[0] : list.find((v) => v.scheme === scheme);
  if (!verifier) throw new ValidationError('businessNumberScheme', MESSAGES.BUSINESS_NUMBER_SCHEME_UNKNOWN, { exact: true });
  const result = await verifier.verify(businessNumber);
  if (!result.valid) throw new ValidationError('businessNumber', result.message, { exact: true });
  return result;
}

/** Types and business-number schemes for the forms. */
export function organisationTypes(deps: OrganisationsDeps): { types: string[]; businessNumberSchemes: { scheme: string; label: string }[] } {
  return { types: [...ORGANISATION_TYPES], businessNumberSchemes: verifiersOf(deps).map(({ scheme, label }) => ({ scheme, label })) };
}

/** A page of the tenant's organisations. */
export async function listOrganisations(deps: OrganisationsDeps, auth: AuthContext, q: { skip?: number; take?: number; search?: string }): Promise<Page<Organisation>> {
  const { total, rows } = await orgs.list(deps.db, auth.tenantId, { skip: q.skip ?? 0, take: q.take ?? 10, ...(q.search ? { search: q.search } : {}) });
  const [everything, counts] = await Promise.all([orgs.all(deps.db, auth.tenantId), orgs.memberCounts(deps.db, auth.tenantId)]);
  const names = new Map(everything.map((o) => [o.id, o.name]));
  return { totalResults: total, results: rows.map((r) => toOrganisation(r, r.parent_id ? (names.get(r.parent_id) ?? null) : null, counts.get(r.id) ?? 0)) };
}

/** One organisation of the tenant. @throws NotFoundError */
export async function getOrganisation(deps: OrganisationsDeps, auth: AuthContext, id: string): Promise<Organisation> {
  const row = await orgs.findById(deps.db, auth.tenantId, id);
  if (!row) throw new NotFoundError('The organisation');
  return present(deps.db, auth.tenantId, row);
}

/** The tenant's organisations as a tree. */
export async function organisationTree(deps: OrganisationsDeps, auth: AuthContext): Promise<{ tree: OrganisationTreeNode[] }> {
  const rows = await orgs.all(deps.db, auth.tenantId);
  return { tree: buildOrganisationTree(rows.map((r) => ({ id: r.id, name: r.name, type: r.type, parentId: r.parent_id }))) };
}

/** Organisations that may be the parent of `id` (all of the tenant but it and those below it); all for a new one. */
export async function organisationParents(deps: OrganisationsDeps, auth: AuthContext, id?: string): Promise<{ parents: { id: string; name: string }[] }> {
  const rows = await orgs.all(deps.db, auth.tenantId);
  const excluded = id ? descendantIds(rows.map((r) => ({ id: r.id, parentId: r.parent_id })), id) : new Set<string>();
  return { parents: rows.filter((r) => !excluded.has(r.id)).map((r) => ({ id: r.id, name: r.name })) };
}

async function checkParent(db: DbOrTrx, tenantId: string, id: string | null, parentId: string | null | undefined): Promise<void> {
  if (parentId === undefined || parentId === null) return;
  const parent = await orgs.findById(db, tenantId, parentId);
  // Unknown and other tenants' organisations read the same.
  if (!parent) throw new ValidationError('parentId', 'is not an organisation of this tenant');
  if (id !== null) {
    const rows = await orgs.all(db, tenantId);
    if (descendantIds(rows.map((r) => ({ id: r.id, parentId: r.parent_id })), id).has(parentId)) {
      throw new ValidationError('parentId', MESSAGES.ORGANISATION_PARENT_CYCLE, { exact: true });
    }
  }
}

/** Creates an organisation; audited `organisation.create`. */
export async function createOrganisation(deps: OrganisationsDeps, auth: AuthContext, actor: Actor, body: CreateOrganisationRequest): Promise<Organisation> {
  const name = body.name.trim();
  if (name === '') throw new ValidationError('name', 'must not be blank');
  const verified = body.businessNumber ? await verifyBusinessNumber(deps, body.businessNumber, body.businessNumberScheme) : null;
  try {
    return await deps.db.transaction().execute(async (trx) => {
      if (await orgs.findByName(trx, auth.tenantId, name)) throw nameTaken();
      await checkParent(trx, auth.tenantId, null, body.parentId);
      const row = await orgs.insert(trx, {
        tenant_id: auth.tenantId,
        name,
        type: body.type,
        parent_id: body.parentId ?? null,
        business_number: verified?.businessNumber ?? null,
        business_number_scheme: verified?.scheme ?? null,
        business_number_verified_at: verified ? new Date() : null,
      });
      await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'organisation.create', targetType: 'organisation', targetId: row.id, detail: { name, type: body.type, parentId: row.parent_id } });
      return present(trx, auth.tenantId, row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/** Edits an organisation; audited `organisation.update` with the changed fields. */
export async function updateOrganisation(deps: OrganisationsDeps, auth: AuthContext, actor: Actor, body: UpdateOrganisationRequest): Promise<Organisation> {
  const changes: OrganisationUpdate = {};
  if (body.name !== undefined) {
    changes.name = body.name.trim();
    if (changes.name === '') throw new ValidationError('name', 'must not be blank');
  }
  if (body.type !== undefined) changes.type = body.type;
  if (body.parentId !== undefined) changes.parent_id = body.parentId;
  if (body.businessNumber !== undefined) {
    const verified = body.businessNumber ? await verifyBusinessNumber(deps, body.businessNumber, body.businessNumberScheme) : null;
    changes.business_number = verified?.businessNumber ?? null;
    changes.business_number_scheme = verified?.scheme ?? null;
    changes.business_number_verified_at = verified ? new Date() : null;
  }
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const existing = await orgs.findById(trx, auth.tenantId, body.id);
      if (!existing) throw new NotFoundError('The organisation');
      if (changes.name !== undefined && changes.name.toLowerCase() !== existing.name.toLowerCase() && (await orgs.findByName(trx, auth.tenantId, changes.name))) throw nameTaken();
      await checkParent(trx, auth.tenantId, body.id, body.parentId);
      const row = Object.keys(changes).length > 0 ? await orgs.update(trx, auth.tenantId, body.id, changes) : existing;
      if (!row) throw new NotFoundError('The organisation');
      await deps.audit.write(trx, {
        ...actor,
        tenantId: auth.tenantId,
        action: 'organisation.update',
        targetType: 'organisation',
        targetId: body.id,
        detail: { changed: Object.keys(body).filter((k) => k !== 'id') },
      });
      return present(trx, auth.tenantId, row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/** The permissions of an organisation (`permissions/{orgId}`). @throws NotFoundError */
export async function getOrganisationPermissions(deps: OrganisationsDeps, auth: AuthContext, orgId: string): Promise<OrganisationPermissions> {
  const row = await orgs.findById(deps.db, auth.tenantId, orgId);
  if (!row) throw new NotFoundError('The organisation');
  return { orgId: row.id, permissions: row.permissions, blacklist: row.blacklist };
}

/**
 * Sets the permissions of an organisation (granted to its members and those of the organisations below
 * it, less the blacklist); nobody grants a permission they do not hold (issue 18). Audited
 * `organisation.permissions`.
 */
export async function setOrganisationPermissions(
  deps: OrganisationsDeps,
  auth: AuthContext,
  actor: Actor,
  orgId: string,
  body: { permissions: string[]; blacklist: string[] },
): Promise<OrganisationPermissions> {
  const existing = await orgs.findById(deps.db, auth.tenantId, orgId);
  if (!existing) throw new NotFoundError('The organisation');
  const added = body.permissions.filter((p) => !existing.permissions.includes(p));
  await requireGrantable(deps, auth, added, { actor, tenantId: auth.tenantId, action: 'organisation.permissions', targetType: 'organisation', targetId: orgId, field: 'permissions', detail: {} });
  return deps.db.transaction().execute(async (trx) => {
    const row = await orgs.update(trx, auth.tenantId, orgId, { permissions: body.permissions, blacklist: body.blacklist });
    if (!row) throw new NotFoundError('The organisation');
    await deps.audit.write(trx, {
      ...actor,
      tenantId: auth.tenantId,
      action: 'organisation.permissions',
      targetType: 'organisation',
      targetId: orgId,
      detail: { permissions: body.permissions, blacklist: body.blacklist },
    });
    return { orgId: row.id, permissions: row.permissions, blacklist: row.blacklist };
  });
}
