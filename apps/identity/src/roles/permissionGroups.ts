import { ALL_PERMISSIONS, ROUTES } from '@tessera/domain';

/** Permissions of one menu area, for the role editors. */
export interface PermissionGroup {
  /** The area (menu entry) whose routes the permissions guard; 'other' for permissions that guard no route. */
  area: string;
  permissions: string[];
}

/**
 * `ALL_PERMISSIONS` grouped by the menu area of the first route each guards (route-table order);
 * permissions that guard no route (e.g. `userDelete`, `audit`) form the last group, 'other'.
 */
export function permissionGroups(all: readonly string[] = ALL_PERMISSIONS): PermissionGroup[] {
  const areaOf = new Map<string, string>();
  for (const route of ROUTES) if (route.permission !== null && !areaOf.has(route.permission)) areaOf.set(route.permission, route.area);
  const groups = new Map<string, string[]>();
  for (const permission of all) {
    const area = areaOf.get(permission) ?? 'other';
    groups.set(area, [...(groups.get(area) ?? []), permission]);
  }
  const other = groups.get('other');
  groups.delete('other');
  return [...[...groups].map(([area, permissions]) => ({ area, permissions })), ...(other ? [{ area: 'other', permissions: other }] : [])];
}
