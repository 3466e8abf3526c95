/**
 * The console's route table: every path of admin-console §2.1 and §2.2 and signin §2, each with the
 * area (micro-frontend) that renders it and the view permission that guards it. Pure: matching works
 * on a pathname string passed in.
 *
 * Path syntax: `:name` is a parameter, `:name?` an optional parameter, a trailing `*` a splat that
 * takes the rest of the path. Where the spec does not show a group's base path, the base paths fixed
 * in docs/platform-contracts.md are used (devices `/identity/devices`, organisations
 * `/identity/organisations`, roles `/identity/roles`, users `/identity/users`, sponsors
 * `/identity/sponsors`, tickets `/tickets`, timesheets `/timesheets`, HSM `/keymanagement/hsm`,
 * crypto children `/crypto/<child>`, PKI `licensed`/`autoenroll` under `/pki/templates/manage/`).
 * The users and roles lists (`/identity/users`, `/identity/roles`) are designed: the spec shows no list path.
 */

/** The areas of the console; each built area has one app named `@tessera/app-<area>`. */
export type Area =
  | 'auth'
  | 'shell'
  | 'config'
  | 'subscriptions'
  | 'admin'
  | 'monitoring'
  | 'certificates'
  | 'smartcards'
  | 'fido'
  | 'self'
  | 'identity'
  | 'tickets'
  | 'signing'
  | 'workflow'
  | 'pacs'
  | 'timesheets'
  | 'pki'
  | 'crypto'
  | 'apikeys'
  | 'reporting'
  | 'endpointsecurity'
  | 'keymanagement'
  | 'search'
  | 'anonymous';

/** Who may open a route: anyone (`public`) or a signed-in viewer (`session`). */
export type RouteAccess = 'public' | 'session';

/** One row of the route table. */
export interface RouteDef {
  /** Path pattern: `:name`, `:name?` and a trailing `*`. */
  path: string;
  /** The area whose app renders the route. */
  area: Area;
  /** The view permission that must be in `permission.View`; null: no guard (admin-console §2.2 "no guard shown"). */
  permission: string | null;
  /** `public` for the routes of admin-console §2.1 except /home and /about; else `session`. */
  access: RouteAccess;
}

/** Where `/` redirects (admin-console §2.1). */
export const HOME_PATH = '/home';
/** Where a viewer lacking a route's view permission is sent (signin §2, §6). */
export const DENIED_PATH = '/denied';
/** The sign-in screen (signin §2). */
export const LOGIN_PATH = '/login';

/** Areas that have an app so far (issue 3; config: issue 6; apikeys: issue 11; identity: issue 13; certificates and pki: issue 12; monitoring: issue 14). Routes of other areas are in the table but mount nothing. */
export const BUILT_AREAS: readonly Area[] = Object.freeze(['auth', 'shell', 'tickets', 'smartcards', 'self', 'fido', 'config', 'apikeys', 'identity', 'certificates', 'pki', 'monitoring', 'anonymous'] as Area[]);

/** The import-map name of an area's app, e.g. `@tessera/app-auth`. */
export function appNameForArea(area: Area): string {
  return `@tessera/app-${area}`;
}

const pub = (path: string, area: Area): RouteDef => ({ path, area, permission: null, access: 'public' });
const open = (path: string, area: Area): RouteDef => ({ path, area, permission: null, access: 'session' });
const guard = (area: Area, permission: string, ...paths: string[]): RouteDef[] =>
  paths.map((path) => ({ path, area, permission, access: 'session' as const }));
const under = (base: string, ...children: string[]): string[] => children.map((c) => (c === '' ? base : `${base}/${c}`));

const CERTS = '/credentials/certificates';
const CARDS = '/credentials/smartcards';

/** The whole route table, in spec order (admin-console §2.1, §2.2; signin §2). */
export const ROUTES: readonly RouteDef[] = Object.freeze([
  // admin-console §2.1 Public routes
  pub('/forgotpassword', 'auth'),
  pub('/forgotpassword/:token', 'auth'),
  pub('/activateaccount/:token', 'auth'),
  pub('/anonymousportal', 'anonymous'),
  pub('/anonymousportal/manageSmartcard', 'anonymous'),
  pub('/register', 'auth'),
  pub('/finish-register', 'auth'),
  pub('/bootstrapmode', 'auth'),
  pub('/retrieveSCEPChallenge/:id', 'certificates'),
  pub('/oidc/portal/:provider', 'auth'),
  pub('/login', 'auth'),
  pub('/home', 'auth'),
  pub('/about', 'auth'),
  pub('/denied', 'shell'),
  pub('/errorBoundary', 'shell'),

  // §2.2 Config
  ...guard('config', 'infrastructureConfig', '/config/infrastructure'),
  ...guard(
    'config',
    'tenancyConfig',
    '/config/tenancy',
    '/config/tenancy/kvdata',
    '/config/invoices',
    '/tenancy/manage/create',
    '/config/certificateservices/licensing',
    '/config/certificateservices/registration',
    '/config/certificateservices/templates',
  ),
  ...guard('config', 'smartcardManage', '/config/smartcard', '/config/smartcard/new', '/config/smartcard/edit/:smartcardConfigID'),
  ...guard('config', 'configureTeSA', '/config/networks', '/config/vms/locations', '/safd/searchsafd'),
  ...guard('config', 'manageIntuneScepAuthConfiguration', '/config/scep'),
  ...guard('config', 'configureK8s', '/config/kubernetes-config'),
  ...guard('config', 'ssoConfig', '/config/SsoConfig'),
  ...guard('config', 'configureSyslog', '/config/syslog-config'),
  ...guard('config', 'infrastructureConfig', '/config/jellyfish/:tab?'),
  ...guard('config', 'domainBranding', '/config/domain-branding'),
  ...guard('config', 'acmeConfiguration', '/config/acme'),
  open('/config/discovery/:provider/:id?', 'config'),

  // §2.2 Subscriptions
  ...guard('subscriptions', 'sub-manageProducts', '/subscriptions/products'),
  ...guard('subscriptions', 'sub-portal', '/subscriptions/portal/:routeTenantId?/:routeProjectId?'),
  ...guard(
    'subscriptions',
    'sub-viewInvoice',
    '/subscriptions/portal/:routeTenantId?/:routeProjectId?/invoice/:id',
    '/subscriptions/portal/:routeTenantId?/:routeProjectId?/invoice/live',
  ),
  ...guard('subscriptions', 'sub-managePaymentMethods', '/subscriptions/payment-methods'),
  ...guard('subscriptions', 'sub-addServices', '/subscriptions/add-services'),

  // §2.2 Admin
  // issue 12: the certificate screens under /admin belong to the certificates app
  ...guard('certificates', 'collectCertificate', '/admin/certificate/collect'),
  ...guard('certificates', 'pEMView', '/admin/certificate/decodepem'),
  // issue 17: the allowed domains ACME obeys belong to the config app, beside /config/acme
  ...guard('config', 'manageDomains', '/admin/alloweddomains'),

  // §2.2 Alerts and audit
  ...guard('monitoring', 'alerting', '/alert/overview', '/alert/webhookconfig'),
  ...guard('monitoring', 'audit', '/auditing/dashboard'),
  ...guard('monitoring', 'siem-search', '/auditing/detail', '/monitor/search'),
  ...guard('monitoring', 'access-log-search', '/auditing/access-logs'),
  ...guard('monitoring', 'applications', '/applications'),

  // §2.2 Certificates (under /credentials/certificates unless stated)
  ...guard('certificates', 'certView', ...under(CERTS, 'view/:certId', 'view/:certId/revoke', 'view/:caId/:certId', 'view/:caId/:certId/revoke')),
  ...guard('certificates', 'certApprovals', ...under(CERTS, 'approvals', 'approval/:id')),
  open(`${CERTS}/:entity/add`, 'certificates'),
  ...guard('certificates', 'certSigningRequestUser', '/credentials/csr/user/upload'),
  ...guard('certificates', 'certSigningRequest', '/credentials/csr/device/upload'),
  ...guard('certificates', 'uploadLECert', `${CERTS}/le/upload`),
  ...guard('certificates', 'templateDisplayOrder', `${CERTS}/config`),
  ...guard('certificates', 'certScep', `${CERTS}/scep/request`),
  ...guard('certificates', 'certUpload', `${CERTS}/upload`),
  ...guard('certificates', 'certRevokeView', ...under(CERTS, 'revocations', 'revocations/searchPending')),
  ...guard(
    'certificates',
    'viewPendingFailedRevocations',
    ...under(CERTS, 'revocations/viewPending/:certId', 'revocations/viewPending/:caId/:certId'),
  ),

  // §2.2 Smartcards (under /credentials/smartcards)
  ...guard('smartcards', 'HSMAuthenticate', `${CARDS}/authenticatehsm`),
  ...guard('smartcards', 'smartcardManage', `${CARDS}/cms`),
  ...guard('smartcards', 'smartcardBatchFiles', `${CARDS}/batchfiles/download`),
  ...guard('smartcards', 'smartcardRequest', `${CARDS}/request`),
  ...guard('smartcards', 'smartcardTemporary', `${CARDS}/manage`),
  ...guard('smartcards', 'smartcardSuspendedReport', ...under(CARDS, 'suspensions', 'reports')),
  ...guard('smartcards', 'smartcardBatchFilesPrintStatus', `${CARDS}/batchPrintStatus/:id`),
  ...guard('smartcards', 'smartcardManage', `${CARDS}/stock`), // issue 15 (designed): card stock
  ...guard('smartcards', 'smartcardManage', `${CARDS}/applets`), // issue 16 (designed): the applet catalogue
  ...guard('smartcards', 'smartcardBatchFilesPrint', `${CARDS}/printSmartcardSearch`),
  ...guard('smartcards', 'smartcardReqView', `${CARDS}/view/:smartcardId`),
  ...guard('smartcards', 'smartcardEdit', `${CARDS}/edit/:smartcardID`),

  // §2.2 FIDO
  open('/credentials/fido/passkeys/:userID', 'fido'),
  ...guard('fido', 'viewFidoCredentials', '/credentials/fido/synced-credential/:id'),

  // §2.2 Self-service
  ...guard('self', 'selfServicePortal', '/self/resetquestions', '/self/resetquestions/:id', '/self/portal/', '/self/requestSmartcard/:id'),
  ...guard('self', 'changePassword', '/self/changePassword/'),

  // §2.2 Devices, Organisations, Roles, Users, Sponsors (base paths: platform-contracts.md)
  // designed (issue 13: the devices list; the spec shows no list path)
  ...guard('identity', 'deviceView', '/identity/devices'),
  ...guard('identity', 'deviceAdd', '/identity/devices/add', '/identity/devices/batch'),
  ...guard('identity', 'deviceView', '/identity/devices/view/:id'),
  ...guard('identity', 'deviceEdit', '/identity/devices/edit/:id'),
  ...guard('identity', 'deviceAdd', '/identity/devices/clone/:id'),
  ...guard('identity', 'deviceIpam', '/identity/devices/ipam'),
  ...guard('identity', 'deviceView', '/identity/devices/endpoints'),
  ...guard('identity', 'orgAdd', '/identity/organisations/add'),
  ...guard('identity', 'orgView', '/identity/organisations/view/:id', '/identity/organisations/permissions/:orgId'),
  ...guard('identity', 'orgEdit', '/identity/organisations/edit/:id'),
  ...guard('identity', 'orgTree', '/identity/organisations/tree'),
  ...guard('identity', 'roleView', '/identity/roles'),
  ...guard('identity', 'roleAdd', '/identity/roles/add'),
  ...guard('identity', 'roleView', '/identity/roles/view/:id'),
  ...guard('identity', 'roleEdit', '/identity/roles/edit/:id'),
  ...guard('identity', 'userView', '/identity/users'),
  ...guard('identity', 'userAdd', '/identity/users/add'),
  // designed (issue 13: the users CSV import; the spec shows no path)
  ...guard('identity', 'userAdd', '/identity/users/import'),
  ...guard('identity', 'userView', '/identity/users/view/:id'),
  ...guard('identity', 'userEdit', '/identity/users/edit/:id'),
  ...guard('identity', 'sponsorAdd', '/identity/sponsors/add'),
  ...guard('identity', 'sponsorEdit', '/identity/sponsors/edit/:id'),
  ...guard('identity', 'manageSponsor', '/identity/sponsors/manage'),

  // §2.2 Other
  ...guard('identity', 'userView', '/identity/visitor/visit/:id'),
  ...guard('keymanagement', 'HSMAuthenticate', '/keymanagement/hsm/authenticate'),
  ...guard('keymanagement', 'HSMtokenView', '/keymanagement/hsm/token/:id'),
  ...guard('keymanagement', 'HSMobjectView', '/keymanagement/hsm/object/:id'),
  // issue 13: search, the locales of /config/locations and the LDAP sync are screens of the identity app
  ...guard('identity', 'search', '/search/:searchType', '/search'),
  ...guard('identity', 'configureTeSA', '/config/locations/:id?'),
  ...guard('identity', 'workflow', '/workflowLdapSync'),

  // §2.2 Monitoring
  ...guard(
    'monitoring',
    'monitor',
    '/monitor/infrastructure',
    '/monitor/infrastructure/detail',
    '/monitor/infrastructure/detail/:grpName',
    '/monitor/service/crypto',
  ),
  ...guard('monitoring', 'siem-dashboard', '/monitor/siemdashboard'),
  open('/monitor/api-Rates', 'monitoring'),
  // issue 12: the CA hierarchy is drawn by the pki app
  ...guard('pki', 'manageCAs', '/monitor/pki-visualiser'),

  // §2.2 Reporting (under /reporting)
  ...guard('reporting', 'analyticsDashboard', '/reporting/analytics/:id?'),
  ...guard('reporting', 'domainSearch', '/reporting/domains'),
  ...guard('reporting', 'reMidpoint', '/reporting/idam'),
  ...guard('reporting', 'invoiceReport', '/reporting/invoices'),
  ...guard('reporting', 'usageReport', '/reporting/usage'),
  ...guard('reporting', 'certificateReport', '/reporting/certificate'),
  ...guard('reporting', 'pacsReport', '/reporting/PACS'),
  ...guard('reporting', 'networkScanReport', '/reporting/discovery'),

  // §2.2 Endpoint security
  ...guard('endpointsecurity', 'vulnerabilityProtectionAV', '/endpointsecurity/antivirus', '/endpointsecurity/firewalls'),

  // §2.2 Support tickets (base path: platform-contracts.md)
  ...guard('tickets', 'ticketAdd', '/tickets/add'),
  ...guard('tickets', 'ticketView', '/tickets/:id/view', '/tickets/myTickets'),
  ...guard('tickets', 'ticketEdit', '/tickets/:id/edit'),
  // designed (issue 6): the search screen with bulk close, and the metrics dashboard, which the spec does not place
  ...guard('tickets', 'ticketView', '/tickets/search'),
  ...guard('tickets', 'ticketEdit', '/tickets/metrics'),

  // §2.2 Signing and workflow
  ...guard('signing', 'codeSigning', '/tools/signing/codesigning', '/tools/signing/pdfsigning', '/tools/signing/pdfverification'),
  ...guard('workflow', 'workflow', '/workflow', '/transactionHistory'),
  // issue 12: the CSR check redirector is the certificate collection flow of the certificates app
  ...guard('certificates', 'workflow', '/transactionHistory/csrCheckRedirector/:ca/:id'),
  ...guard('workflow', 'searchGroupPolicy', '/grouppolicy/gpo/view/:id'),

  // §2.2 PACS/LACS: the relative paths are siblings of {page} under /pacslacs/manage.
  open('/pacslacs/manage/:page', 'pacs'),
  open('/pacslacs/manage/addmapping', 'pacs'),
  open('/pacslacs/manage/updatedefaultmapping', 'pacs'),
  open('/pacslacs/manage/editmapping/:id1/:id2', 'pacs'),
  open('/pacslacs/manage/viewmapping/:id1/:id2', 'pacs'),
  ...guard('pacs', 'pacsExceptions', '/pacs/exception/search', '/pacs/exception/view/:id'),
  ...guard('pacs', 'pacsUserMappingRules', '/pacs/mappings/manage/user'),

  // §2.2 Timesheets (base path: platform-contracts.md)
  ...guard('timesheets', 'timesheetOverview', '/timesheets/manage/overview/*'),
  ...guard('timesheets', 'searchTimesheets', '/timesheets/manage/search'),
  ...guard('timesheets', 'viewTimesheets', '/timesheets/manage/view/*'),

  // §2.2 PKI
  ...guard('pki', 'certificateConfig', '/pki/templates/manage/system'),
  ...guard('pki', 'manageTemplateRules', '/pki/templates/manage/licensed'),
  ...guard('pki', 'autoEnrollTemplateRules', '/pki/templates/manage/autoenroll', '/pki/tpm-key-attestation'),
  ...guard('pki', 'manageCAs', '/pki/manage/certificate-authorities/:id?', '/pki/manage/certificate-templates/:id?'),

  // §2.2 Crypto
  ...guard('crypto', 'cryptoListTokens', '/crypto'),
  ...guard(
    'crypto',
    'cryptoGenerateKeysOnHSM',
    ...under('/crypto', 'hsm_key_generation', 'hsm_cloud_key_generation', 'hsm_csr_generation', 'hsm_certificate_generation', 'google_cse'),
  ),
  ...under(
    '/crypto',
    'hsm_key_import',
    'hsm_key_export',
    'config/create',
    'config/edit/:id',
    'generate_keys',
    'encrypt_and_decrypt',
    'sign_and_validate',
  ).map((path) => open(path, 'crypto')),

  // §2.2 API keys
  open('/apikey/manage', 'apikeys'),
] satisfies RouteDef[]);

/** A route matched against a pathname, with its decoded parameters. */
export interface RouteMatch {
  route: RouteDef;
  params: Record<string, string>;
}

type Segment = { kind: 'static'; value: string } | { kind: 'param'; name: string; optional: boolean } | { kind: 'splat' };

function compile(path: string): Segment[] {
  return splitPath(path).map((part): Segment => {
    if (part === '*') return { kind: 'splat' };
    if (part.startsWith(':')) {
      const optional = part.endsWith('?');
      return { kind: 'param', name: part.slice(1, optional ? -1 : undefined), optional };
    }
    return { kind: 'static', value: part };
  });
}

function splitPath(path: string): string[] {
  return path.split('/').filter((part) => part !== '');
}

const COMPILED: readonly { route: RouteDef; segments: Segment[] }[] = ROUTES.map((route) => ({ route, segments: compile(route.path) }));

/** Rank of a matched URL segment: a static segment beats a parameter, which beats a splat. */
const RANK = { static: 3, param: 2, splat: 1 } as const;

interface Candidate {
  params: Record<string, string>;
  ranks: number[];
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Every way `segments` can match `parts` (optional params may be skipped). */
function matchSegments(segments: Segment[], parts: string[], si = 0, pi = 0, acc: Candidate = { params: {}, ranks: [] }): Candidate[] {
  if (si === segments.length) return pi === parts.length ? [acc] : [];
  const segment = segments[si]!;
  const part = parts[pi];
  const out: Candidate[] = [];
  switch (segment.kind) {
    case 'static':
      if (part === segment.value) out.push(...matchSegments(segments, parts, si + 1, pi + 1, { params: acc.params, ranks: [...acc.ranks, RANK.static] }));
      break;
    case 'param':
      if (part !== undefined) {
        const params = { ...acc.params, [segment.name]: safeDecode(part) };
        out.push(...matchSegments(segments, parts, si + 1, pi + 1, { params, ranks: [...acc.ranks, RANK.param] }));
      }
      if (segment.optional) out.push(...matchSegments(segments, parts, si + 1, pi, acc));
      break;
    case 'splat': {
      // A splat is always last: it takes the rest of the path, possibly nothing.
      const rest = parts.slice(pi);
      out.push({ params: { ...acc.params, '*': rest.map(safeDecode).join('/') }, ranks: [...acc.ranks, ...rest.map(() => RANK.splat)] });
      break;
    }
  }
  return out;
}

function compareRanks(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/**
 * The route a pathname shows, with its parameters; null for an unknown path (the not-found page,
 * admin-console §2). The most specific route wins: compared segment by segment from the left, a
 * static segment beats a parameter, which beats a splat. Query and hash are ignored, a trailing slash
 * does not matter, and matching is case-sensitive (the spec's paths mix case, e.g. `/config/SsoConfig`).
 * `/` is not a route: it redirects to {@link HOME_PATH}.
 */
export function matchRoute(pathname: string): RouteMatch | null {
  const path = pathname.split(/[?#]/, 1)[0] ?? '';
  const parts = splitPath(path);
  if (parts.length === 0) return null;
  let best: { route: RouteDef; candidate: Candidate } | null = null;
  for (const { route, segments } of COMPILED) {
    for (const candidate of matchSegments(segments, parts)) {
      if (!best || compareRanks(candidate.ranks, best.candidate.ranks) > 0) best = { route, candidate };
    }
  }
  return best ? { route: best.route, params: best.candidate.params } : null;
}

/** The permission object fields this module reads. */
interface ViewList {
  View: readonly string[];
}

/**
 * Whether a viewer may see a route: a route without a permission is open; a guarded route needs its
 * view permission in the permission object's View list, else the viewer goes to /denied (signin §6,
 * admin-console §2). Whether a `session` route needs a sign-in is checked separately.
 */
export function canViewRoute(route: Pick<RouteDef, 'permission'>, permission: ViewList): boolean {
  return route.permission === null || permission.View.includes(route.permission);
}

/**
 * Where an unauthenticated answer sends the user: `/login?redirect=<current path, encoded>`, or null
 * on the exceptions /login, /anonymousportal (and the portal's own pages) and any path beginning with
 * /register (signin §2, admin-console §2.3). `currentPath` may carry a query string.
 */
export function loginRedirectPath(currentPath: string): string | null {
  const pathname = currentPath.split(/[?#]/, 1)[0] ?? '';
  if (pathname === LOGIN_PATH || pathname === `${LOGIN_PATH}/`) return null;
  if (pathname === '/anonymousportal' || pathname.startsWith('/anonymousportal/')) return null;
  if (pathname.startsWith('/register')) return null;
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(currentPath)}`;
}
