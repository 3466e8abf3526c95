/**
 * Permission rules (signin §3, §6; admin-console §6): a role holds a permission list and a blacklist,
 * a viewer's effective permissions are the union of the lists minus the union of the blacklists, and
 * the permission object the console reads is built from them.
 */
import type { PermissionObject } from './identity.types';
import { ROUTES, type Area } from '../common/routes';
import { RATE_LIMIT_EDIT_PERMISSION } from '../ratelimits/rateLimits';

/**
 * Permissions that guard no route but are checked elsewhere: identity actions (signin §6 "Editing a
 * user is allowed if the permissions include userEdit, or include selfServicePortal and the target
 * user is the current user"), the API of issue 3 (docs/api.md), API keys (issue 11), revoking a certificate
 * (issue 12: `certRevoke`; the revoke screens themselves are guarded by certView) and editing the rate-limit
 * rules (issue 14).
 */
const NON_ROUTE_PERMISSIONS = ['userEdit', 'selfServicePortal', 'userAdd', 'userView', 'roleAdd', 'roleView', 'roleEdit', 'audit', 'apiKeyView', 'apiKeyManage', RATE_LIMIT_EDIT_PERMISSION, 'certRevoke', 'userDelete'] as const;

/** Every permission the console knows: each route's view permission plus the non-route ones, without repeats, in table order. */
export const ALL_PERMISSIONS: readonly string[] = Object.freeze([
  ...new Set([...ROUTES.flatMap((route) => (route.permission === null ? [] : [route.permission])), ...NON_ROUTE_PERMISSIONS]),
]);

/** A role as far as permissions go (admin-console §6). */
export interface RolePermissions {
  permissions: readonly string[];
  blacklist: readonly string[];
}

/**
 * The effective permissions of a set of roles: the union of their permission lists minus the union of
 * their blacklists (admin-console §6), in first-seen order without repeats. A blacklist entry of any
 * role removes the permission even when another role grants it.
 */
export function effectivePermissions(roles: readonly RolePermissions[]): string[] {
  const blocked = new Set(roles.flatMap((role) => role.blacklist));
  return [...new Set(roles.flatMap((role) => role.permissions))].filter((permission) => !blocked.has(permission));
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/**
 * A complete permission object from a partial one: missing (or malformed) lists become empty and
 * isManager defaults to false (signin §3 "Missing lists default to empty, isManager to false").
 */
export function normalisePermissionObject(partial?: Partial<PermissionObject> | null): PermissionObject {
  const source: Partial<Record<keyof PermissionObject, unknown>> = partial ?? {};
  return {
    View: stringList(source.View),
    Menu: stringList(source.Menu),
    activeMenu: stringList(source.activeMenu),
    api: stringList(source.api),
    roles: stringList(source.roles),
    isManager: source.isManager === true,
  };
}

/**
 * The areas a viewer gets a menu entry for: each area in which the viewer holds at least one guarded
 * route's view permission, plus the areas whose routes carry no guard at all (open to every signed-in
 * viewer, e.g. API keys). The sign-in, shell and anonymous areas have no menu. Route-table order.
 */
export function menuAreas(effective: readonly string[]): Area[] {
  const held = new Set(effective);
  const areas = new Map<Area, { guarded: boolean; viewable: boolean }>();
  for (const route of ROUTES) {
    if (route.access !== 'session' || route.area === 'auth' || route.area === 'shell' || route.area === 'anonymous') continue;
    const entry = areas.get(route.area) ?? { guarded: false, viewable: false };
    if (route.permission !== null) {
      entry.guarded = true;
      if (held.has(route.permission)) entry.viewable = true;
    }
    areas.set(route.area, entry);
  }
  return [...areas].filter(([, entry]) => entry.viewable || !entry.guarded).map(([area]) => area);
}

/**
 * The viewer's permission object (signin §3): View and api are the effective permissions, Menu (and
 * activeMenu) the areas of {@link menuAreas}, roles the role names held.
 */
export function buildPermissionObject(effective: readonly string[], roles: readonly string[], isManager: boolean): PermissionObject {
  const menu = menuAreas(effective);
  return { View: [...effective], Menu: menu, activeMenu: [...menu], api: [...effective], roles: [...roles], isManager };
}
