/**
 * Who may grant what (issue 18, "Permissions that cannot be escalated"): nobody grants a role or a
 * permission they do not hold themselves, and nobody edits their own roles or a role they hold. The one
 * home of that rule: the server's identity service refuses with it, the API-key service checks a key's
 * permissions against its creator's with it, and the console disables what the viewer cannot grant.
 *
 * A blacklist entry counts like a permission: adding one takes the permission away from every holder of
 * the role, removing one may give it back, so both need the permission held.
 */
import type { RolePermissions } from './permissions';

/**
 * The permissions of `requested` that `held` lacks, each once, in request order; empty when the
 * granter may grant all of them.
 * @param held - the granter's effective permissions
 * @param requested - the permissions granted, taken away or otherwise touched
 */
export function permissionsNotHeld(held: Iterable<string>, requested: Iterable<string>): string[] {
  const have = new Set(held);
  return [...new Set(requested)].filter((permission) => !have.has(permission));
}

/** Whether `held` includes every permission of `requested` (the subset rule). */
export function canGrant(held: Iterable<string>, requested: Iterable<string>): boolean {
  return permissionsNotHeld(held, requested).length === 0;
}

/** Every permission a set of roles touches: their permission lists and their blacklists. */
export function permissionsOfRoles(roles: readonly RolePermissions[]): string[] {
  return [...new Set(roles.flatMap((role) => [...role.permissions, ...role.blacklist]))];
}

/** Ids in exactly one of the two lists (what an edit adds or removes). */
function changed(before: readonly string[], after: readonly string[]): string[] {
  const a = new Set(before);
  const b = new Set(after);
  return [...after.filter((x) => !a.has(x)), ...before.filter((x) => !b.has(x))];
}

/**
 * The permissions a role edit touches: those added to or removed from its permission list or its
 * blacklist. A list left out of `after` is unchanged.
 */
export function roleEditPermissions(before: RolePermissions, after: Partial<RolePermissions>): string[] {
  return [
    ...new Set([
      ...(after.permissions ? changed(before.permissions, after.permissions) : []),
      ...(after.blacklist ? changed(before.blacklist, after.blacklist) : []),
    ]),
  ];
}

/** The role ids a change of a user's roles adds or removes. */
export function roleIdsChanged(before: readonly string[], after: readonly string[]): string[] {
  return [...new Set(changed(before, after))];
}
