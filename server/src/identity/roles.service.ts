/** Role rules: list, read, create, edit roles of the viewer's tenant; audit. */
import type { CreateRoleRequest, Page, Role, UpdateRoleRequest } from '@tessera/domain';
import type { Db } from '../db/database';
import type { AuditWriter } from '../platform/audit';
import type { AuthContext } from '../platform/types';
import { ConflictError, NotFoundError, ValidationError } from '../platform/errors';
import { isUniqueViolation } from '../platform/db-errors';
import type { RoleRow, RoleUpdate } from './roles.table';
import * as roles from './roles.repository';
import type { Actor } from './users.service';
import { grantedPermissions, rolesOfUser } from '../platform/access';
import { MESSAGES, roleEditPermissions } from '@tessera/domain';
import { refuseGrant, requireGrantable } from './grants.service';

/** What the role service needs. */
export interface RolesDeps {
  db: Db;
  audit: AuditWriter;
}

/** The API's view of a role row. */
export function toRole(row: RoleRow): Role {
  return {
    id: row.id,
    name: row.name,
    permissions: [...grantedPermissions(row)],
    blacklist: row.blacklist,
    isManager: row.is_manager,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

const nameTaken = () => new ConflictError('name', 'name is already taken');
const builtinPermissionsFixed = () =>
  new ValidationError('permissions', 'The built-in Administrator role holds every permission; its permissions cannot be changed.', { exact: true });

/** A page of the tenant's roles. */
export async function listRoles(deps: RolesDeps, auth: AuthContext, q: { skip?: number; take?: number; search?: string }): Promise<Page<Role>> {
  const { total, rows } = await roles.list(deps.db, auth.tenantId, { skip: q.skip ?? 0, take: q.take ?? 10, ...(q.search ? { search: q.search } : {}) });
  return { totalResults: total, results: rows.map(toRole) };
}

/** One role of the tenant. @throws NotFoundError */
export async function getRole(deps: RolesDeps, auth: AuthContext, id: string): Promise<Role> {
  const row = await roles.findById(deps.db, auth.tenantId, id);
  if (!row) throw new NotFoundError('The role');
  return toRole(row);
}

/** Creates a role; audited `role.create`. */
export async function createRole(deps: RolesDeps, auth: AuthContext, actor: Actor, body: CreateRoleRequest): Promise<Role> {
  const name = body.name.trim();
  // Nobody makes a role holding a permission they do not hold (issue 18).
  await requireGrantable(deps, auth, body.permissions, { actor, tenantId: auth.tenantId, action: 'role.create', targetType: 'role', targetId: null, field: 'permissions', detail: { name } });
  try {
    return await deps.db.transaction().execute(async (trx) => {
      if (await roles.findByName(trx, auth.tenantId, name)) throw nameTaken();
      const row = await roles.insert(trx, {
        tenant_id: auth.tenantId,
        name,
        permissions: body.permissions,
        blacklist: body.blacklist,
        is_manager: body.isManager ?? false,
      });
      await deps.audit.write(trx, {
        ...actor,
        tenantId: auth.tenantId,
        action: 'role.create',
        targetType: 'role',
        targetId: row.id,
        detail: { name, permissions: body.permissions, blacklist: body.blacklist, isManager: row.is_manager },
      });
      return toRole(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/**
 * The grant rules of a role edit (issue 18): nobody edits a role they hold, and adding or removing a
 * permission or blacklist entry needs that permission held.
 */
async function checkGrants(deps: RolesDeps, auth: AuthContext, actor: Actor, body: UpdateRoleRequest): Promise<void> {
  const existing = await roles.findById(deps.db, auth.tenantId, body.id);
  if (!existing) throw new NotFoundError('The role');
  const refusal = { actor, tenantId: auth.tenantId, action: 'role.update', targetType: 'role', targetId: body.id } as const;
  const own = await rolesOfUser(deps.db, auth.tenantId, auth.userId);
  if (own.some((role) => role.id === body.id)) {
    await refuseGrant(deps, { ...refusal, field: 'id', reason: 'own-role', message: MESSAGES.OWN_ROLE_FIXED, detail: { name: existing.name } });
  }
  const before = { permissions: grantedPermissions(existing), blacklist: existing.blacklist };
  // Each list is checked on its own so the answer names the field that asks too much.
  if (body.permissions) await requireGrantable(deps, auth, roleEditPermissions(before, { permissions: body.permissions }), { ...refusal, field: 'permissions', detail: { name: existing.name } });
  if (body.blacklist) await requireGrantable(deps, auth, roleEditPermissions(before, { blacklist: body.blacklist }), { ...refusal, field: 'blacklist', detail: { name: existing.name } });
}

/** Edits a role of the tenant; audited `role.update`. */
export async function updateRole(deps: RolesDeps, auth: AuthContext, actor: Actor, body: UpdateRoleRequest): Promise<Role> {
  const changes: RoleUpdate = {};
  if (body.name !== undefined) changes.name = body.name.trim();
  if (body.permissions !== undefined) changes.permissions = body.permissions;
  if (body.blacklist !== undefined) changes.blacklist = body.blacklist;
  if (body.isManager !== undefined) changes.is_manager = body.isManager;
  await checkGrants(deps, auth, actor, body);
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const existing = await roles.findById(trx, auth.tenantId, body.id);
      if (!existing) throw new NotFoundError('The role');
      if (existing.builtin_all && changes.permissions !== undefined) {
        // The built-in role's list is the whole catalog at read time; sending that same list is no change.
        const held = new Set(grantedPermissions(existing));
        if (changes.permissions.length !== held.size || !changes.permissions.every((p) => held.has(p))) throw builtinPermissionsFixed();
        delete changes.permissions;
      }
      if (changes.name !== undefined) {
        const other = await roles.findByName(trx, auth.tenantId, changes.name);
        if (other && other.id !== body.id) throw nameTaken();
      }
      const row = Object.keys(changes).length > 0 ? await roles.update(trx, auth.tenantId, body.id, changes) : existing;
      if (!row) throw new NotFoundError('The role');
      await deps.audit.write(trx, {
        ...actor,
        tenantId: auth.tenantId,
        action: 'role.update',
        targetType: 'role',
        targetId: body.id,
        detail: { changed: Object.keys(body).filter((k) => k !== 'id'), ...changes },
      });
      return toRole(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}
