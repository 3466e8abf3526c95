/** User rules: listing, creating and editing users of the viewer's tenant; permissions; audit. */
import type { CreateUserRequest, Page, UpdateUserRequest, UserSummary } from '@tessera/domain';
import type { Db, DbOrTrx } from '../db/database';
import type { AuditEventInput, AuditWriter } from '../platform/audit';
import type { SessionStore } from '../platform/session-store';
import type { AuthContext } from '../platform/types';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../platform/errors';
import { isUniqueViolation } from '../platform/db-errors';
import { hashPassword } from '../platform/password';
import type { UserRow, UserUpdate } from './users.table';
import * as users from './users.repository';
import * as roles from './roles.repository';
import * as tenants from './tenants.repository';
import { MESSAGES, permissionsOfRoles, roleIdsChanged, trimUsername, validateUsername } from '@tessera/domain';
import { effectivePermissions, grantedPermissions, loadAccess } from '../platform/access';
import { passwordProblem } from '../platform/password-policy';
import { refuseGrant, requireGrantable } from './grants.service';

/** What the user service needs. */
export interface UsersDeps {
  db: Db;
  audit: AuditWriter;
  sessions: SessionStore;
}

/** Audit fields of the caller. */
export type Actor = Pick<AuditEventInput, 'actorUserId' | 'actorUsername' | 'ip'>;

/** The API's view of a user row. Never the hash. */
export function toUserSummary(row: UserRow, roleIds: string[]): UserSummary {
  return {
    id: row.id,
    username: row.username,
    givenName: row.given_name,
    familyName: row.family_name,
    emailAddress: row.email,
    enabled: row.enabled,
    roleIds,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

async function summary(db: DbOrTrx, row: UserRow): Promise<UserSummary> {
  const ids = await users.roleIdsOf(db, [row.id]);
  return toUserSummary(row, ids.get(row.id) ?? []);
}

async function checkRoleIds(db: DbOrTrx, tenantId: string, roleIds: readonly string[]): Promise<void> {
  const known = await roles.existingIds(db, tenantId, roleIds);
  const index = roleIds.findIndex((id) => !known.has(id));
  // Unknown and other tenants' roles read the same.
  if (index >= 0) throw new ValidationError(`roleIds.${index}`, 'is not a role of this tenant');
}

/** Every permission granting or taking away these roles touches (built-in roles: the whole catalog). */
async function permissionsOfRoleIds(db: DbOrTrx, tenantId: string, roleIds: readonly string[]): Promise<string[]> {
  const rows = await roles.findByIds(db, tenantId, roleIds);
  return permissionsOfRoles(rows.map((row) => ({ permissions: grantedPermissions(row), blacklist: row.blacklist })));
}

/** A page of the tenant's users. */
export async function listUsers(
  deps: UsersDeps,
  auth: AuthContext,
  q: { skip?: number; take?: number; search?: string; sortField?: users.UserListQuery['sortField']; sortDirection?: 'asc' | 'desc' },
): Promise<Page<UserSummary>> {
  const { total, rows } = await users.list(deps.db, auth.tenantId, {
    skip: q.skip ?? 0,
    take: q.take ?? 10,
    ...(q.search ? { search: q.search } : {}),
    sortField: q.sortField ?? 'username',
    sortDirection: q.sortDirection ?? 'asc',
  });
  const ids = await users.roleIdsOf(deps.db, rows.map((r) => r.id));
  return { totalResults: total, results: rows.map((r) => toUserSummary(r, ids.get(r.id) ?? [])) };
}

/** One user of the tenant. @throws NotFoundError */
export async function getUser(deps: UsersDeps, auth: AuthContext, id: string): Promise<UserSummary> {
  const row = await users.findById(deps.db, auth.tenantId, id);
  if (!row) throw new NotFoundError('The user');
  return summary(deps.db, row);
}

/** Creates a user in the tenant; audited `user.create`. */
export async function createUser(deps: UsersDeps, auth: AuthContext, actor: Actor, body: CreateUserRequest): Promise<UserSummary> {
  const username = trimUsername(body.username);
  const tenant = await tenants.findById(deps.db, auth.tenantId);
  const problem = validateUsername(username, tenant?.username_pattern ? { pattern: tenant.username_pattern } : {});
  if (problem) throw new ValidationError('username', problem, { exact: true });
  // One password policy everywhere (issue 18): the same rule as ChangePassword and reset.
  const weak = passwordProblem(body.password, [username, body.givenName, body.familyName, body.emailAddress]);
  if (weak) throw new ValidationError('password', weak, { exact: true });
  if (body.roleIds.length > 0) {
    await checkRoleIds(deps.db, auth.tenantId, body.roleIds);
    // Nobody grants a role holding a permission they do not hold (issue 18).
    const touched = await permissionsOfRoleIds(deps.db, auth.tenantId, body.roleIds);
    await requireGrantable(deps, auth, touched, { actor, tenantId: auth.tenantId, action: 'user.create', targetType: 'user', targetId: null, field: 'roleIds', detail: { username, roleIds: body.roleIds } });
  }
  const passwordHash = await hashPassword(body.password);
  try {
    return await deps.db.transaction().execute(async (trx) => {
      if (await users.findByUsername(trx, auth.tenantId, username)) throw new ConflictError('username', 'username is already taken');
      await checkRoleIds(trx, auth.tenantId, body.roleIds);
      const row = await users.insert(trx, {
        tenant_id: auth.tenantId,
        username,
        password_hash: passwordHash,
        given_name: body.givenName.trim(),
        family_name: body.familyName.trim(),
        email: body.emailAddress.trim(),
      });
      await users.setRoles(trx, row.id, body.roleIds);
      await deps.audit.write(trx, {
        ...actor,
        tenantId: auth.tenantId,
        action: 'user.create',
        targetType: 'user',
        targetId: row.id,
        detail: { username, roleIds: body.roleIds },
      });
      return toUserSummary(row, [...body.roleIds].sort());
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError('username', 'username is already taken');
    throw error;
  }
}

/**
 * The grant rules of an edit (issue 18): nobody changes their own roles; adding or removing a role needs
 * every permission it touches; changing another account's e-mail address (where its password reset
 * goes) needs every permission that account holds, or it would be a way to sign in as someone above you.
 */
async function checkGrants(deps: UsersDeps, auth: AuthContext, actor: Actor, body: UpdateUserRequest): Promise<void> {
  const refusal = { actor, tenantId: auth.tenantId, action: 'user.update', targetType: 'user', targetId: body.id } as const;
  if (body.roleIds) {
    const target = await users.findById(deps.db, auth.tenantId, body.id);
    if (!target) throw new NotFoundError('The user');
    await checkRoleIds(deps.db, auth.tenantId, body.roleIds);
    const current = (await users.roleIdsOf(deps.db, [body.id])).get(body.id) ?? [];
    const changed = roleIdsChanged(current, body.roleIds);
    if (changed.length > 0) {
      if (body.id === auth.userId) {
        await refuseGrant(deps, { ...refusal, field: 'roleIds', reason: 'own-roles', message: MESSAGES.OWN_ROLES_FIXED, detail: { roleIds: changed } });
      }
      const touched = await permissionsOfRoleIds(deps.db, auth.tenantId, changed);
      await requireGrantable(deps, auth, touched, { ...refusal, field: 'roleIds', detail: { roleIds: changed } });
    }
  }
  if (body.emailAddress !== undefined && body.id !== auth.userId) {
    const target = await users.findById(deps.db, auth.tenantId, body.id);
    if (!target) throw new NotFoundError('The user');
    if (target.email.trim().toLowerCase() !== body.emailAddress.trim().toLowerCase()) {
      const access = await loadAccess(deps.db, body.id, auth.tenantId);
      await requireGrantable(deps, auth, effectivePermissions(access?.roles ?? []), { ...refusal, field: 'emailAddress' });
    }
  }
}

const SELF_SERVICE_FIELDS = new Set(['id', 'givenName', 'familyName', 'emailAddress']);

/**
 * Edits a user of the tenant; audited `user.update`. With `userEdit` any field; with only
 * `selfServicePortal` the viewer's own names and e-mail (signin §6). Disabling a user ends their sessions.
 */
export async function updateUser(deps: UsersDeps, auth: AuthContext, actor: Actor, body: UpdateUserRequest): Promise<UserSummary> {
  const canEditAll = auth.permissions?.has('userEdit') ?? false;
  if (!canEditAll) {
    const selfOnly = auth.permissions?.has('selfServicePortal') && body.id === auth.userId;
    if (!selfOnly) {
      // Another tenant's or an unknown id answers as a missing permission would for a known one.
      throw new ForbiddenError();
    }
    const extra = Object.keys(body).find((k) => !SELF_SERVICE_FIELDS.has(k));
    if (extra) throw new ForbiddenError(`Only names and e-mail address can be changed on your own record (not ${extra})`);
  }
  const changes: UserUpdate = {};
  if (body.givenName !== undefined) changes.given_name = body.givenName.trim();
  if (body.familyName !== undefined) changes.family_name = body.familyName.trim();
  if (body.emailAddress !== undefined) changes.email = body.emailAddress.trim();
  if (body.enabled !== undefined) changes.enabled = body.enabled;
  if (body.enabled === false && body.id === auth.userId) throw new ValidationError('enabled', 'cannot be false for your own account');
  await checkGrants(deps, auth, actor, body);

  return deps.db.transaction().execute(async (trx) => {
    const existing = await users.findById(trx, auth.tenantId, body.id);
    if (!existing) throw new NotFoundError('The user');
    if (body.roleIds) await checkRoleIds(trx, auth.tenantId, body.roleIds);
    const row = Object.keys(changes).length > 0 ? await users.update(trx, auth.tenantId, body.id, changes) : existing;
    if (!row) throw new NotFoundError('The user');
    if (body.roleIds) await users.setRoles(trx, body.id, body.roleIds);
    await deps.audit.write(trx, {
      ...actor,
      tenantId: auth.tenantId,
      action: 'user.update',
      targetType: 'user',
      targetId: body.id,
      detail: { changed: Object.keys(body).filter((k) => k !== 'id') },
    });
    if (body.enabled === false) await deps.sessions.deleteForUser(body.id, trx);
    return summary(trx, row);
  });
}
