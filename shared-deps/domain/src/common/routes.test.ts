import { BUILT_AREAS, HOME_PATH, ROUTES, appNameForArea, canViewRoute, loginRedirectPath, matchRoute } from './routes';
import { normalisePermissionObject } from '../identity/permissions';

describe('ROUTES', () => {
  it('should hold every public route of admin-console §2.1', () => {
    const publicPaths = ROUTES.filter((r) => r.access === 'public').map((r) => r.path);
    expect(publicPaths).toEqual([
      '/forgotpassword',
      '/forgotpassword/:token',
      '/activateaccount/:token',
      '/anonymousportal',
      '/anonymousportal/manageSmartcard',
      '/register',
      '/finish-register',
      '/bootstrapmode',
      '/retrieveSCEPChallenge/:id',
      '/oidc/portal/:provider',
      '/login',
      '/home',
      '/about',
      '/denied',
      '/errorBoundary',
    ]);
  });
  it('should make /home and /about public routes (admin-console §2.1)', () => {
    for (const path of ['/home', '/about']) {
      expect(ROUTES.find((r) => r.path === path)).toEqual({ path, area: 'auth', permission: null, access: 'public' });
    }
  });
  it('should list each path once', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
  it.each([
    ['/config/infrastructure', 'infrastructureConfig', 'config'],
    ['/tenancy/manage/create', 'tenancyConfig', 'config'],
    ['/config/SsoConfig', 'ssoConfig', 'config'],
    ['/subscriptions/payment-methods', 'sub-managePaymentMethods', 'subscriptions'],
    ['/admin/certificate/decodepem', 'pEMView', 'certificates'],
    ['/admin/certificate/collect', 'collectCertificate', 'certificates'],
    ['/auditing/dashboard', 'audit', 'monitoring'],
    ['/monitor/search', 'siem-search', 'monitoring'],
    ['/credentials/certificates/view/:caId/:certId/revoke', 'certView', 'certificates'],
    ['/credentials/csr/user/upload', 'certSigningRequestUser', 'certificates'],
    ['/credentials/certificates/revocations/viewPending/:caId/:certId', 'viewPendingFailedRevocations', 'certificates'],
    ['/credentials/smartcards/batchPrintStatus/:id', 'smartcardBatchFilesPrintStatus', 'smartcards'],
    ['/credentials/fido/synced-credential/:id', 'viewFidoCredentials', 'fido'],
    ['/self/changePassword/', 'changePassword', 'self'],
    ['/identity/devices/clone/:id', 'deviceAdd', 'identity'],
    ['/identity/users/edit/:id', 'userEdit', 'identity'],
    ['/identity/visitor/visit/:id', 'userView', 'identity'],
    ['/keymanagement/hsm/token/:id', 'HSMtokenView', 'keymanagement'],
    ['/search', 'search', 'identity'],
    ['/config/locations/:id?', 'configureTeSA', 'identity'],
    ['/workflowLdapSync', 'workflow', 'identity'],
    ['/identity/devices', 'deviceView', 'identity'],
    ['/monitor/pki-visualiser', 'manageCAs', 'pki'],
    ['/reporting/PACS', 'pacsReport', 'reporting'],
    ['/endpointsecurity/firewalls', 'vulnerabilityProtectionAV', 'endpointsecurity'],
    ['/tickets/:id/edit', 'ticketEdit', 'tickets'],
    ['/tools/signing/pdfverification', 'codeSigning', 'signing'],
    ['/transactionHistory/csrCheckRedirector/:ca/:id', 'workflow', 'certificates'],
    ['/transactionHistory', 'workflow', 'workflow'],
    ['/pacs/mappings/manage/user', 'pacsUserMappingRules', 'pacs'],
    ['/timesheets/manage/view/*', 'viewTimesheets', 'timesheets'],
    ['/pki/templates/manage/autoenroll', 'autoEnrollTemplateRules', 'pki'],
    ['/pki/tpm-key-attestation', 'autoEnrollTemplateRules', 'pki'],
    ['/crypto/google_cse', 'cryptoGenerateKeysOnHSM', 'crypto'],
    ['/crypto', 'cryptoListTokens', 'crypto'],
  ])('should guard %s with %s in area %s', (path, permission, area) => {
    expect(ROUTES.find((r) => r.path === path)).toEqual({ path, permission, area, access: 'session' });
  });
  it.each([
    '/config/discovery/:provider/:id?',
    '/credentials/certificates/:entity/add',
    '/credentials/fido/passkeys/:userID',
    '/monitor/api-Rates',
    '/pacslacs/manage/:page',
    '/pacslacs/manage/viewmapping/:id1/:id2',
    '/crypto/sign_and_validate',
    '/crypto/config/edit/:id',
    '/apikey/manage',
  ])('should leave the "no guard shown" route %s open to any signed-in viewer', (path) => {
    expect(ROUTES.find((r) => r.path === path)).toMatchObject({ permission: null, access: 'session' });
  });
});

describe('matchRoute', () => {
  it('should not match / (it redirects to /home)', () => {
    expect(matchRoute('/')).toBeNull();
    expect(HOME_PATH).toBe('/home');
  });
  it('should return null for an unknown path', () => {
    expect(matchRoute('/no/such/page')).toBeNull();
  });
  it('should match a static path, ignoring a trailing slash, query and hash', () => {
    expect(matchRoute('/login/?redirect=%2Fhome#x')?.route.path).toBe('/login');
    expect(matchRoute('/self/portal')?.route.path).toBe('/self/portal/');
  });
  it('should be case-sensitive', () => {
    expect(matchRoute('/config/ssoconfig')).toBeNull();
  });
  it('should decode parameters', () => {
    expect(matchRoute('/activateaccount/a%20b')).toEqual({ route: expect.objectContaining({ path: '/activateaccount/:token' }), params: { token: 'a b' } });
  });
  it('should prefer the most specific route', () => {
    expect(matchRoute('/credentials/certificates/view/ca1/cert1/revoke')).toEqual({
      route: expect.objectContaining({ path: '/credentials/certificates/view/:caId/:certId/revoke' }),
      params: { caId: 'ca1', certId: 'cert1' },
    });
    expect(matchRoute('/credentials/certificates/view/cert1/revoke')?.route.path).toBe('/credentials/certificates/view/:certId/revoke');
    expect(matchRoute('/pacslacs/manage/addmapping')?.route.path).toBe('/pacslacs/manage/addmapping');
    expect(matchRoute('/pacslacs/manage/overview')?.params).toEqual({ page: 'overview' });
    expect(matchRoute('/tickets/myTickets')?.route.permission).toBe('ticketView');
    expect(matchRoute('/tickets/search')?.route.permission).toBe('ticketView');
    expect(matchRoute('/tickets/metrics')?.route.permission).toBe('ticketEdit');
  });
  it('should handle optional parameters', () => {
    expect(matchRoute('/config/locations')?.params).toEqual({});
    expect(matchRoute('/config/locations/7')?.params).toEqual({ id: '7' });
    expect(matchRoute('/subscriptions/portal/t1/p1')).toMatchObject({ route: { permission: 'sub-portal' }, params: { routeTenantId: 't1', routeProjectId: 'p1' } });
    expect(matchRoute('/subscriptions/portal/t1/p1/invoice/live')).toMatchObject({ route: { path: '/subscriptions/portal/:routeTenantId?/:routeProjectId?/invoice/live' } });
    expect(matchRoute('/subscriptions/portal/invoice/42')).toMatchObject({ route: { permission: 'sub-viewInvoice' }, params: { id: '42' } });
  });
  it('should match a splat with the rest of the path', () => {
    expect(matchRoute('/timesheets/manage/overview/2026/01')).toMatchObject({ route: { permission: 'timesheetOverview' }, params: { '*': '2026/01' } });
    expect(matchRoute('/timesheets/manage/overview')?.params).toEqual({ '*': '' });
  });
});

describe('canViewRoute', () => {
  const route = ROUTES.find((r) => r.path === '/identity/users/add')!;
  it('should allow a guarded route whose permission is in View', () => {
    expect(canViewRoute(route, normalisePermissionObject({ View: ['userAdd'] }))).toBe(true);
  });
  it('should refuse a guarded route whose permission is missing from View', () => {
    expect(canViewRoute(route, normalisePermissionObject({ View: ['userView'], api: ['userAdd'] }))).toBe(false);
  });
  it('should allow a route without a guard', () => {
    expect(canViewRoute({ permission: null }, normalisePermissionObject())).toBe(true);
  });
});

describe('loginRedirectPath', () => {
  it('should send to /login with the current path encoded', () => {
    expect(loginRedirectPath('/identity/users/view/1?tab=2')).toBe('/login?redirect=%2Fidentity%2Fusers%2Fview%2F1%3Ftab%3D2');
  });
  it.each(['/login', '/login?redirect=%2Fhome', '/anonymousportal', '/anonymousportal/manageSmartcard', '/register', '/register/step2', '/registerX'])(
    'should not redirect from %s',
    (path) => {
      expect(loginRedirectPath(path)).toBeNull();
    },
  );
  it('should redirect from /finish-register, which does not begin with /register', () => {
    expect(loginRedirectPath('/finish-register')).toBe('/login?redirect=%2Ffinish-register');
  });
});

describe('areas', () => {
  it('should name the built areas and their apps', () => {
    expect(BUILT_AREAS).toEqual(['auth', 'shell', 'tickets', 'smartcards', 'self', 'fido', 'config', 'apikeys', 'identity', 'certificates', 'pki', 'monitoring', 'anonymous']);
    expect(appNameForArea('auth')).toBe('@tessera/app-auth');
  });
});
