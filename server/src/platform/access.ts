/**
 * Who may do what: the one home of the server's effective-permissions rule. The auth guard, the
 * viewer, the passkey and reader-stream checks all read a user's access through here, so a later rule
 * (e.g. "nobody grants a permission they do not hold") has one place to look at.
 *
 * The rule itself (union of the roles' permission lists minus the union of their blacklists,
 * admin-console §6) is `effectivePermissions` of `@tessera/domain`; this module adds what only the
 * server knows: roles are rows, and a built-in role (`builtin_all`, the Administrator of bootstrap)
 * holds every permission of domain's `ALL_PERMISSIONS` as it is at read time, so a permission added
 * by a later release reaches installations made before it.
 */
import { ALL_PERMISSIONS, effectivePermissions as domainEffectivePermissions } from '@tessera/domain';
import { sql } from 'kysely';
import type { Db, DbOrTrx } from '../db/database';
import { batchedReader, type BatchedReader } from './batched-reads';

/** A role as far as access goes. */
export interface AccessRole {
  id: string;
  name: string;
  permissions: string[];
  blacklist: string[];
  is_manager: boolean;
  /** A built-in role holding every permission of the catalog (read time), whatever `permissions` stores. */
  builtin_all: boolean;
}

/**
 * An organisation as far as access goes (admin-console §6 "some organisation permissions are loaded per
 * organisation"): a member holds its permission list, less its blacklist, like a role's; the user's
 * organisation and every ancestor count.
 */
export interface AccessOrganisation {
  id: string;
  name: string;
  permissions: string[];
  blacklist: string[];
}

/** What the auth guard needs to decide a permission. */
export interface UserAccess {
  username: string;
  enabled: boolean;
  roles: AccessRole[];
  /** The user's organisation and its ancestors, nearest first. */
  organisations: AccessOrganisation[];
}

/**
 * Test seam: the permission catalog. Tests replace `catalog` to simulate a release that adds a
 * permission (an installation bootstrapped before it must get it).
 */
export const _accessInternals = {
  catalog: (): readonly string[] => ALL_PERMISSIONS,
};

/** The permissions a role grants: the whole catalog for a built-in role, else its stored list. */
export function grantedPermissions(role: Pick<AccessRole, 'permissions' | 'builtin_all'>): readonly string[] {
  return role.builtin_all ? _accessInternals.catalog() : role.permissions;
}

/**
 * Effective permissions of a set of roles and organisations (admin-console §6): the union of their
 * permission lists (built-in roles expanded to the catalog) minus the union of their blacklists, so a
 * blacklist on any role or organisation overrides a grant from any other.
 */
export function effectivePermissions(
  roles: readonly Pick<AccessRole, 'permissions' | 'blacklist' | 'builtin_all'>[],
  organisations: readonly Pick<AccessOrganisation, 'permissions' | 'blacklist'>[] = [],
): string[] {
  return domainEffectivePermissions([
    ...roles.map((role) => ({ permissions: grantedPermissions(role), blacklist: role.blacklist })),
    ...organisations.map((org) => ({ permissions: org.permissions, blacklist: org.blacklist })),
  ]);
}

/** Effective permissions of a loaded user: roles and organisations. */
export function accessPermissions(access: Pick<UserAccess, 'roles' | 'organisations'> | null | undefined): string[] {
  return access ? effectivePermissions(access.roles, access.organisations) : [];
}

/**
 * The organisation of a user of the tenant and its ancestors, nearest first (bounded walk up
 * `parent_id`, so a cycle cannot loop).
 */
export async function organisationsOfUser(db: DbOrTrx, tenantId: string, userId: string): Promise<AccessOrganisation[]> {
  const rows = await sql<AccessOrganisation & { depth: number }>`
    with recursive chain as (
      select o.id, o.name, o.permissions, o.blacklist, o.parent_id, 0 as depth
      from users u join organisations o on o.id = u.organisation_id and o.tenant_id = u.tenant_id
      where u.id = ${userId} and u.tenant_id = ${tenantId}
      union all
      select p.id, p.name, p.permissions, p.blacklist, p.parent_id, chain.depth + 1
      from organisations p join chain on p.id = chain.parent_id
      where p.tenant_id = ${tenantId} and chain.depth < 64
    )
    select id, name, permissions, blacklist, depth from chain order by depth`.execute(db);
  return rows.rows.map(({ id, name, permissions, blacklist }) => ({ id, name, permissions, blacklist }));
}

/** The roles a user of the tenant holds, by name. */
export async function rolesOfUser(db: DbOrTrx, tenantId: string, userId: string): Promise<AccessRole[]> {
  return db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select(['roles.id', 'roles.name', 'roles.permissions', 'roles.blacklist', 'roles.is_manager', 'roles.builtin_all'])
    .where('user_roles.user_id', '=', userId)
    .where('roles.tenant_id', '=', tenantId)
    .orderBy('roles.name')
    .execute();
}

/**
 * Username, enabled flag, roles and organisations of a user of the tenant; null when there is none. One
 * statement (the auth guard reads this on every request that names a permission): the roles and the
 * organisation chain come back as JSON arrays beside the user's row, in the orders rolesOfUser and
 * organisationsOfUser answer.
 */
export async function loadAccess(db: DbOrTrx, userId: string, tenantId: string): Promise<UserAccess | null> {
  return (await loadAccesses(db, [{ userId, tenantId }]))[0] ?? null;
}

/** loadAccess of several users in one statement; one answer a key, in order (null for a user that is not one of that tenant). */
export async function loadAccesses(db: DbOrTrx, keys: readonly { userId: string; tenantId: string }[]): Promise<(UserAccess | null)[]> {
  const wanted = keys.filter((k) => UUID.test(k.userId) && UUID.test(k.tenantId));
  if (wanted.length === 0) return keys.map(() => null);
  const { rows } = await sql<{ id: string; tenant_id: string; username: string; enabled: boolean; roles: AccessRole[] | string; organisations: AccessOrganisation[] | string }>`
    select u.id, u.tenant_id, u.username, u.enabled,
      (select coalesce(json_agg(json_build_object('id', r.id, 'name', r.name, 'permissions', r.permissions, 'blacklist', r.blacklist,
                                                  'is_manager', r.is_manager, 'builtin_all', r.builtin_all) order by r.name), '[]'::json)
         from user_roles ur join roles r on r.id = ur.role_id
         where ur.user_id = u.id and r.tenant_id = u.tenant_id) as roles,
      (with recursive chain as (
         select o.id, o.name, o.permissions, o.blacklist, o.parent_id, 0 as depth
         from organisations o where o.id = u.organisation_id and o.tenant_id = u.tenant_id
         union all
         select p.id, p.name, p.permissions, p.blacklist, p.parent_id, chain.depth + 1
         from organisations p join chain on p.id = chain.parent_id
         where p.tenant_id = u.tenant_id and chain.depth < 64
       )
       select coalesce(json_agg(json_build_object('id', id, 'name', name, 'permissions', permissions, 'blacklist', blacklist) order by depth), '[]'::json)
       from chain) as organisations
    from users u
    where (u.id, u.tenant_id) in (${sql.join(wanted.map((k) => sql`(${k.userId}::uuid, ${k.tenantId}::uuid)`))})`.execute(db);
  const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
  const found = new Map(rows.map((row) => [`${row.id}/${row.tenant_id}`, { username: row.username, enabled: row.enabled, roles: json(row.roles), organisations: json(row.organisations) }]));
  return keys.map((k) => found.get(`${k.userId}/${k.tenantId}`) ?? null);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * loadAccess for concurrent requests: their reads go to the database as one statement (platform/batched-reads: one
 * batch in flight; nothing is cached, so a changed role or a disabled user counts at the next request as with loadAccess).
 */
export function loadAccessBatched(db: Db, userId: string, tenantId: string): Promise<UserAccess | null> {
  let reader = accessReaders.get(db);
  if (!reader) accessReaders.set(db, (reader = batchedReader((keys: readonly { userId: string; tenantId: string }[]) => loadAccesses(db, keys))));
  return reader.load({ userId, tenantId });
}
const accessReaders = new WeakMap<Db, BatchedReader<{ userId: string; tenantId: string }, UserAccess | null>>();
