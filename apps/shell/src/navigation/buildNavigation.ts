import { ROUTES, canViewRoute, type Area, type PermissionObject, type RouteDef } from '@tessera/domain';

/** One entry of the console's main navigation. */
export interface NavigationEntry {
  area: Area;
  label: string;
  /** The area's first route the viewer may view. */
  href: string;
}

/** Menu labels of the areas (admin-console §2.2 headings). */
export const AREA_LABELS: Readonly<Record<Area, string>> = {
  auth: 'Home',
  shell: 'Console',
  config: 'Configuration',
  subscriptions: 'Subscriptions',
  admin: 'Administration',
  monitoring: 'Monitoring',
  certificates: 'Certificates',
  smartcards: 'Smartcards',
  fido: 'Passkeys',
  self: 'Self Service',
  identity: 'Identity',
  tickets: 'Tickets',
  signing: 'Signing',
  workflow: 'Workflow',
  pacs: 'Physical Access',
  timesheets: 'Timesheets',
  pki: 'PKI',
  crypto: 'Crypto',
  apikeys: 'API Keys',
  reporting: 'Reporting',
  endpointsecurity: 'Endpoint Security',
  keymanagement: 'Key Management',
  search: 'Search',
  anonymous: 'Anonymous Portal',
};

/** Areas with no menu entry of their own: sign-in pages, the shell's pages, the public portal. */
const AREAS_WITHOUT_MENU: ReadonlySet<Area> = new Set<Area>(['auth', 'shell', 'anonymous']);

/** A route a link can point at: no `:param` and no `*` splat. */
function isLinkable(route: RouteDef): boolean {
  return !route.path.includes(':') && !route.path.includes('*');
}

/**
 * The main navigation of a viewer (signin §6): Home, then one entry per area listed in the
 * permission object's Menu, linking to the first route of that area (route-table order) whose view
 * permission is in the View list. An area in Menu with no viewable linkable route gets no entry, so
 * the menu never offers a page that would end in /denied.
 */
export function buildNavigation(permission: PermissionObject, routes: readonly RouteDef[] = ROUTES): NavigationEntry[] {
  const entries: NavigationEntry[] = [{ area: 'auth', label: AREA_LABELS.auth, href: '/home' }];
  const menu = new Set(permission.Menu);
  const seen = new Set<Area>();
  for (const route of routes) {
    if (seen.has(route.area) || AREAS_WITHOUT_MENU.has(route.area) || !menu.has(route.area)) continue;
    if (!isLinkable(route) || !canViewRoute(route, permission)) continue;
    seen.add(route.area);
    entries.push({ area: route.area, label: AREA_LABELS[route.area] ?? route.area, href: route.path });
  }
  return entries;
}
