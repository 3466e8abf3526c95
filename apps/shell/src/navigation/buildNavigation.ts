import { CONSOLE_SCREENS, screensForViewer, type Area, type ConsoleScreen, type PermissionObject } from '@tessera/domain';

/** One entry of the console's main navigation. */
export interface NavigationEntry {
  area: Area;
  label: string;
  /** The area's first working screen the viewer may open. */
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

/**
 * The main navigation of a viewer (signin §6, issue 18): Home, then one entry per area that has a
 * working screen the viewer may open (route-table permission in View, guarded areas in Menu), linking
 * to the first such screen. Areas without a screen yet are left out, so every entry opens a working page.
 */
export function buildNavigation(permission: PermissionObject, viewerId: string, screens: readonly ConsoleScreen[] = CONSOLE_SCREENS): NavigationEntry[] {
  const entries: NavigationEntry[] = [{ area: 'auth', label: AREA_LABELS.auth, href: '/home' }];
  const seen = new Set<Area>();
  for (const screen of screensForViewer(permission, viewerId, screens)) {
    if (seen.has(screen.area)) continue;
    seen.add(screen.area);
    entries.push({ area: screen.area, label: AREA_LABELS[screen.area] ?? screen.area, href: screen.href });
  }
  return entries;
}
