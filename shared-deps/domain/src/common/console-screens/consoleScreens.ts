/**
 * The console's working screens: the pages that exist so far (issue 18, "the first ten minutes"). The
 * main navigation offers only areas that have one of these, Home links to each, and both link only to
 * what the viewer may open. Other routes of the route table stay reachable by address and show 'not
 * available yet'.
 */
import type { PermissionObject } from '../../identity/identity.types';
import { canViewRoute, matchRoute, type Area } from '../routes';

/** One working screen. */
export interface ConsoleScreen {
  /** Route-table path; `:userID` is the viewer's own id. */
  path: string;
  /** Its area (the menu entry that is highlighted on it). */
  area: Area;
  /** Link text, as the page's heading names it. */
  label: string;
  /** One line on Home saying what the page is for. */
  description: string;
}

/** The working screens, in menu order (areas) and Home order (screens). */
export const CONSOLE_SCREENS: readonly ConsoleScreen[] = Object.freeze([
  { path: '/credentials/smartcards/cms', area: 'smartcards', label: 'Card readers', description: 'See the readers of your security client and check a card PIN.' },
  { path: '/credentials/smartcards/manage', area: 'smartcards', label: 'Temporary passes', description: 'Hand out and take back temporary passes.' },
  { path: '/credentials/smartcards/request', area: 'smartcards', label: 'Request smartcards', description: 'Ask for smartcards for people in bulk.' },
  { path: '/credentials/smartcards/applets', area: 'smartcards', label: 'Smartcard applets', description: 'Keep JavaCard applets (CAP files) to load onto cards.' },
  { path: '/credentials/smartcards/stock', area: 'smartcards', label: 'Card stock', description: 'Receive blank cards, see counts per card type and low stock, return or destroy cards.' },
  { path: '/credentials/fido/passkeys/:userID', area: 'fido', label: 'Passkeys', description: 'Sign in without a password, and set up two-factor authentication.' },
  { path: '/self/changePassword/', area: 'self', label: 'Change password', description: 'Change your own password.' },
  { path: '/tickets/search', area: 'tickets', label: 'Search tickets', description: 'Find support tickets and close them in bulk.' },
  { path: '/tickets/myTickets', area: 'tickets', label: 'My tickets', description: 'The support tickets you raised or are assigned.' },
  { path: '/tickets/add', area: 'tickets', label: 'New support ticket', description: 'Raise a support ticket.' },
  { path: '/tickets/metrics', area: 'tickets', label: 'Ticket metrics', description: 'How fast tickets are answered and closed.' },
  { path: '/config/tenancy', area: 'config', label: 'Tenancy configuration', description: 'Your organisation’s name, banner, time zone and session settings.' },
  { path: '/identity/users', area: 'identity', label: 'Users', description: 'Find, add and edit the people of your organisation.' },
  { path: '/identity/users/import', area: 'identity', label: 'Import users', description: 'Add many users at once from a CSV file, checked row by row first.' },
  { path: '/identity/roles', area: 'identity', label: 'Roles', description: 'What each role may do: its permissions and its blacklist.' },
  { path: '/identity/organisations/tree', area: 'identity', label: 'Organisations', description: 'Your organisations as a tree, with their own permissions.' },
  { path: '/identity/sponsors/manage', area: 'identity', label: 'Sponsors', description: 'Sponsors, and the sponsored users waiting for their approval.' },
  { path: '/identity/devices', area: 'identity', label: 'Devices', description: 'Find, add, clone and edit devices; add many from a CSV file.' },
  { path: '/identity/devices/ipam', area: 'identity', label: 'Subnets', description: 'Subnets and the addresses their devices use.' },
  { path: '/identity/devices/endpoints', area: 'identity', label: 'Certificate endpoints', description: 'Where devices present TLS certificates, and the status of each certificate.' },
  { path: '/config/locations', area: 'identity', label: 'Locations', description: 'Locations, sublocations, areas and rooms.' },
  { path: '/search', area: 'identity', label: 'Search', description: 'Search users, devices and organisations, and save your searches.' },
  { path: '/workflowLdapSync', area: 'identity', label: 'LDAP sync', description: 'Bring your directory’s users into Tessera.' },
  { path: '/admin/certificate/decodepem', area: 'certificates', label: 'Decode PEM', description: 'Read a certificate, signing request or CRL.' },
  { path: '/credentials/certificates/config', area: 'certificates', label: 'Certificate template order', description: 'Choose the order in which certificate templates are offered.' },
  { path: '/credentials/certificates/approvals', area: 'certificates', label: 'Certificate approvals', description: 'Issue or deny the certificate requests waiting for approval.' },
  { path: '/credentials/certificates/revocations', area: 'certificates', label: 'Revocations', description: 'Revoked certificates and revocations waiting for approval.' },
  { path: '/pki/manage/certificate-authorities', area: 'pki', label: 'Certificate authorities', description: 'Create root and intermediate certificate authorities.' },
  { path: '/monitor/pki-visualiser', area: 'pki', label: 'PKI hierarchy', description: 'See your certificate authorities as a tree, coloured by status.' },
  { path: '/monitor/api-Rates', area: 'monitoring', label: 'API rate limits', description: 'The rate-limit rules and how many requests each allows and refuses.' },
] satisfies ConsoleScreen[]);

/** A working screen the viewer may open, with the address to link to. */
export interface ViewerScreen extends ConsoleScreen {
  /** The path with the viewer's id filled in. */
  href: string;
}

/**
 * The working screens `permission` may open (signin §6: a route's view permission must be in View; a
 * guarded route's area must also be in Menu), with `:userID` replaced by `viewerId`.
 */
export function screensForViewer(permission: PermissionObject, viewerId: string, screens: readonly ConsoleScreen[] = CONSOLE_SCREENS): ViewerScreen[] {
  const menu = new Set(permission.Menu);
  const result: ViewerScreen[] = [];
  for (const screen of screens) {
    const href = screen.path.replace(':userID', encodeURIComponent(viewerId));
    const route = matchRoute(href)?.route;
    if (!route || !canViewRoute(route, permission)) continue;
    if (route.permission !== null && !menu.has(screen.area)) continue;
    result.push({ ...screen, href });
  }
  return result;
}

/** The area a path belongs to (the menu entry to highlight), or null outside the route table. */
export function areaOfPath(pathname: string): Area | null {
  return matchRoute(pathname)?.route.area ?? null;
}
