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
import type { DbOrTrx } from '../db/database';

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

/** What the auth guard needs to decide a permission. */
export interface UserAccess {
  username: string;
  enabled: boolean;
  roles: AccessRole[];
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

/** Effective permissions of a set of roles (admin-console §6), built-in roles expanded to the catalog. */
export function effectivePermissions(roles: readonly Pick<AccessRole, 'permissions' | 'blacklist' | 'builtin_all'>[]): string[] {
  return domainEffectivePermissions(roles.map((role) => ({ permissions: grantedPermissions(role), blacklist: role.blacklist })));
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

/** Username, enabled flag and roles of a user of the tenant; null when there is none. */
export async function loadAccess(db: DbOrTrx, userId: string, tenantId: string): Promise<UserAccess | null> {
  const user = await db
    .selectFrom('users')
    .select(['username', 'enabled'])
    .where('id', '=', userId)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (!user) return null;
  const roles = await rolesOfUser(db, tenantId, userId);
  return { username: user.username, enabled: user.enabled, roles };
}
