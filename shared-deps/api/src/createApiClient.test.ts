import { createApiClient, type ApiClient } from './createApiClient';
import { ApiError } from './ApiError';
import { fakeFetch, json, text } from './testing/fakeFetch';
import { timeoutMsFor } from './http';

const BASE = 'http://127.0.0.1:8080';

function client(handler?: Parameters<typeof fakeFetch>[0], token: string | undefined = 'tok', onGlobalError?: (e: ApiError) => void) {
  const fake = fakeFetch(handler ?? (() => json({})));
  const api = createApiClient({ baseUrl: `${BASE}/`, fetch: fake.fetch, getXsrfToken: () => token, ...(onGlobalError ? { onGlobalError } : {}) });
  return { api, calls: fake.calls };
}

describe('createApiClient endpoints', () => {
  const viewer = { id: 'u1' };
  it.each<[string, (api: ApiClient) => Promise<unknown>, string, string, unknown]>([
    ['getXsrf', (api) => api.getXsrf(), 'GET', '/api2/Authentication-v1/Xsrf', undefined],
    ['bootstrapStatus', (api) => api.bootstrapStatus(), 'GET', '/api2/IDM-v1/BootstrapStatus', undefined],
    ['bootstrap', (api) => api.bootstrap({ tenantName: 't', username: 'u', password: 'p', emailAddress: 'e@x' }), 'POST', '/api2/IDM-v1/Bootstrap', { tenantName: 't', username: 'u', password: 'p', emailAddress: 'e@x' }],
    ['login', (api) => api.login({ username: 'u', password: 'p' }), 'POST', '/api2/Authentication-v1/login', { username: 'u', password: 'p' }],
    ['checkSession', (api) => api.checkSession(), 'POST', '/api2/Authentication-v1/check-session', undefined],
    ['refreshSession', (api) => api.refreshSession(), 'POST', '/api2/Authentication-v1/refresh-session', undefined],
    ['logout', (api) => api.logout(), 'POST', '/api2/Authentication-v1/logout', undefined],
    ['anonymousSession', (api) => api.anonymousSession(), 'POST', '/api2/Authentication-v1/AnonymousSession', undefined],
    ['disclaimer', (api) => api.disclaimer(), 'GET', '/api2/Authentication-v1/Disclaimer', undefined],
    ['getViewer', (api) => api.getViewer(), 'GET', '/api/login', undefined],
    ['legacyLogout', (api) => api.legacyLogout(), 'POST', '/api/logout', undefined],
    ['version', (api) => api.version(), 'GET', '/api2/IDM-v1/Version', undefined],
    ['news', (api) => api.news(), 'GET', '/api2/IDM-v1/News', undefined],
    ['listUsers', (api) => api.listUsers({ skip: 10, take: 10, search: 'a b', sortField: 'username', sortDirection: 'asc' }), 'GET', '/api2/IDM-v1/Users?skip=10&take=10&search=a+b&sortField=username&sortDirection=asc', undefined],
    ['getUser', (api) => api.getUser('u 1'), 'GET', '/api2/IDM-v1/User?id=u+1', undefined],
    ['createUser', (api) => api.createUser({ username: 'u', password: 'p', givenName: 'g', familyName: 'f', emailAddress: 'e', roleIds: [] }), 'POST', '/api2/IDM-v1/User', { username: 'u', password: 'p', givenName: 'g', familyName: 'f', emailAddress: 'e', roleIds: [] }],
    ['updateUser', (api) => api.updateUser({ id: 'u1', enabled: false }), 'PUT', '/api2/IDM-v1/User', { id: 'u1', enabled: false }],
    ['listRoles', (api) => api.listRoles({ search: 'adm' }), 'GET', '/api2/IDM-v1/Roles?search=adm', undefined],
    ['getRole', (api) => api.getRole('r1'), 'GET', '/api2/IDM-v1/Role?id=r1', undefined],
    ['createRole', (api) => api.createRole({ name: 'n', permissions: ['a'], blacklist: [] }), 'POST', '/api2/IDM-v1/Role', { name: 'n', permissions: ['a'], blacklist: [] }],
    ['updateRole', (api) => api.updateRole({ id: 'r1', name: 'm' }), 'PUT', '/api2/IDM-v1/Role', { id: 'r1', name: 'm' }],
    ['listAuditEvents', (api) => api.listAuditEvents({ take: 5, action: 'login' }), 'GET', '/api2/Monitoring-v1/AuditEvents?take=5&action=login', undefined],
    ['pinRequirementsConfig', (api) => api.pinRequirementsConfig(), 'GET', '/api2/CMS-v2/PinRequirementsConfig', undefined],
    ['updatePinRequirementsConfig', (api) => api.updatePinRequirementsConfig({ minLength: 4, maxLength: 6, digitsOnly: true, description: null }), 'PUT', '/api2/CMS-v2/PinRequirementsConfig', { minLength: 4, maxLength: 6, digitsOnly: true, description: null }],
    ['resetPinRequirementsConfig', (api) => api.resetPinRequirementsConfig(), 'DELETE', '/api2/CMS-v2/PinRequirementsConfig', undefined],
    ['listCardTemplates', (api) => api.listCardTemplates('Acme Corp'), 'GET', '/api2/CMS-v2/CardTemplates?tenancy=Acme+Corp', undefined],
    ['getCardTemplate', (api) => api.getCardTemplate('c1'), 'GET', '/api2/CMS-v2/CardTemplate?id=c1', undefined],
    ['createCardTemplate', (api) => api.createCardTemplate({ name: 'n', slots: [] }), 'POST', '/api2/CMS-v2/CardTemplate', { name: 'n', slots: [] }],
    ['updateCardTemplate', (api) => api.updateCardTemplate({ cardTemplateId: 'c1', name: 'n', slots: [] }), 'PUT', '/api2/CMS-v2/CardTemplate', { cardTemplateId: 'c1', name: 'n', slots: [] }],
    ['deleteCardTemplate', (api) => api.deleteCardTemplate('c1'), 'DELETE', '/api2/CMS-v2/CardTemplate', { cardTemplateId: 'c1' }],
    ['seedCardTemplates', (api) => api.seedCardTemplates({ cardTemplates: [] }), 'POST', '/api2/CMS-v2/CardTemplatesSeed', { cardTemplates: [] }],
    ['getCardLayout', (api) => api.getCardLayout('t1'), 'GET', '/api2/CMS-v2/CardLayout?templateId=t1', undefined],
    ['cardLayoutCompressed', (api) => api.cardLayoutCompressed({ userId: 'u1', templateId: 't1' }), 'GET', '/api2/CMS-v2/CardLayoutCompressed?userId=u1&templateId=t1', undefined],
    ['cardLayoutCompressedUserData', (api) => api.cardLayoutCompressedUserData({ userData: { givenName: 'Ada' }, templateId: 't1' }), 'POST', '/api2/CMS-v2/CardLayoutCompressedUserData', { userData: { givenName: 'Ada' }, templateId: 't1' }],
    ['printerListPrinters', (api) => api.printerListPrinters(), 'GET', '/api2/CMS-v2/PrinterListPrinters', undefined],
    ['printerInsertCard', (api) => api.printerInsertCard('P'), 'POST', '/api2/CMS-v2/PrinterInsertCard', { printer: 'P' }],
    ['printerEjectCard', (api) => api.printerEjectCard('P'), 'POST', '/api2/CMS-v2/PrinterEjectCard', { printer: 'P' }],
    ['printerCardPrint', (api) => api.printerCardPrint({ printer: 'P', cardSerial: 'S', userId: 'u1', cardTemplateId: 't1' }), 'POST', '/api2/CMS-v2/PrinterCardPrint', { printer: 'P', cardSerial: 'S', userId: 'u1', cardTemplateId: 't1' }],
    ['listApplets', (api) => api.listApplets({ search: 'a0', sort: 'name', page: 2 }), 'GET', '/api2/CMS-v2/SmartcardApplets?search=a0&sort=name&page=2', undefined],
    ['getApplet', (api) => api.getApplet('a1'), 'GET', '/api2/CMS-v2/SmartcardApplet?applet_id=a1', undefined],
    ['addApplet', (api) => api.addApplet({ name: 'n', fileName: 'f.cap', cap: 'AA==' }), 'POST', '/api2/CMS-v2/AddSmartcardApplet', { name: 'n', fileName: 'f.cap', cap: 'AA==' }],
    ['updateApplet', (api) => api.updateApplet({ applet_id: 'a1', name: 'm' }), 'PATCH', '/api2/CMS-v2/SmartcardApplet', { applet_id: 'a1', name: 'm' }],
    ['deleteApplet', (api) => api.deleteApplet('a1'), 'DELETE', '/api2/CMS-v2/SmartcardApplet', { applet_id: 'a1' }],
    ['batchAppletUpload', (api) => api.batchAppletUpload({ reader: 'r', card_count: 2, applet_id: 'a1' }, 'CMS-v1'), 'POST', '/api2/CMS-v1/BatchAppletUpload', { reader: 'r', card_count: 2, applet_id: 'a1' }],
    ['issueCard', (api) => api.issueCard({ card_id: { readerName: 'r' }, user_id: 'u', card_template_id: 't', pin: '12345678' }, 'CMS-v1'), 'POST', '/api2/CMS-v1/IssueCard', { card_id: { readerName: 'r' }, user_id: 'u', card_template_id: 't', pin: '12345678' }],
    ['getSmartcard', (api) => api.getSmartcard('c1'), 'GET', '/api2/CMS-v2/Smartcard?id=c1', undefined],
    ['listSmartcards', (api) => api.listSmartcards({ user_id: 'u1', search: 'c 1', sort: 'status', page: 2 }), 'GET', '/api2/CMS-v2/Smartcards?user_id=u1&search=c+1&sort=status&page=2', undefined],
    ['listSmartcards', (api) => api.listSmartcards(), 'GET', '/api2/CMS-v2/Smartcards', undefined],
    ['suspendCard', (api) => api.suspendCard({ smartcard_id: 'c1', reason: 'lost' }), 'POST', '/api2/CMS-v2/SuspendCard', { smartcard_id: 'c1', reason: 'lost' }],
    ['reissueCard', (api) => api.reissueCard({ card_id: { readerName: 'r' }, card_pin: '12345678', forceRevoke: true }, 'CMS-v1'), 'POST', '/api2/CMS-v1/ReissueCard', { card_id: { readerName: 'r' }, card_pin: '12345678', forceRevoke: true }],
    ['updateSmartcard', (api) => api.updateSmartcard({ smartcard_id: 'c1', temporary_card: true }), 'PATCH', '/api2/CMS-v2/Smartcard', { smartcard_id: 'c1', temporary_card: true }],
    ['resumeCard', (api) => api.resumeCard('c1'), 'POST', '/api2/CMS-v2/ResumeCard', { smartcard_id: 'c1' }],
    ['changeCardPin', (api) => api.changeCardPin({ card_id: { readerName: 'r' }, old_pin: '1', new_pin: '2' }), 'POST', '/api2/CMS-v2/ChangePin', { card_id: { readerName: 'r' }, old_pin: '1', new_pin: '2' }],
    ['unblockCard', (api) => api.unblockCard({ card_id: { readerName: 'r' }, new_pin: '2' }), 'POST', '/api2/CMS-v2/UnblockCard', { card_id: { readerName: 'r' }, new_pin: '2' }],
    ['revokeCard', (api) => api.revokeCard('c1'), 'POST', '/api2/CMS-v2/RevokeCard', { smartcard_id: 'c1' }],
    ['cleanCard', (api) => api.cleanCard({ readerName: 'r' }), 'POST', '/api2/CMS-v2/CleanCard', { card_id: { readerName: 'r' } }],
    ['registerCard', (api) => api.registerCard({ card_id: { readerName: 'r' } }, 'CMS-v1'), 'POST', '/api2/CMS-v1/RegisterCard', { card_id: { readerName: 'r' } }],
    ['unregisterCard', (api) => api.unregisterCard('c1'), 'POST', '/api2/CMS-v2/UnregisterCard', { smartcard_id: 'c1' }],
    ['assignCard', (api) => api.assignCard({ card_id: 'c1', user_id: 'u', card_template_id: 't' }), 'POST', '/api2/CMS-v2/AssignCard', { card_id: 'c1', user_id: 'u', card_template_id: 't' }],
    ['unassignCard', (api) => api.unassignCard('c1'), 'POST', '/api2/CMS-v2/UnassignCard', { card_id: 'c1' }],
    ['getSecretQuestions', (api) => api.getSecretQuestions(), 'GET', '/api2/Authentication-v1/SecretQuestions', undefined],
    ['firstTimeSecretQuestionsSet', (api) => api.firstTimeSecretQuestionsSet({ client_salt: 's', questions: [] }), 'POST', '/api2/Authentication-v1/FirstTimeSecretQuestionsSet', { client_salt: 's', questions: [] }],
    ['requestSecretQuestionsReset', (api) => api.requestSecretQuestionsReset('u1'), 'POST', '/api2/Authentication-v1/RequestSecretQuestionsReset', { user_id: 'u1' }],
    ['secretQuestionsValidateLink', (api) => api.secretQuestionsValidateLink('tok'), 'POST', '/api2/Authentication-v1/SecretQuestionsValidateLink', { link_string: 'tok' }],
    ['secretQuestionsReset', (api) => api.secretQuestionsReset('tok', { client_salt: 's', questions: [] }), 'POST', '/api2/Authentication-v1/SecretQuestionsReset', { link_string: 'tok', client_salt: 's', questions: [] }],
    ['cardSecretQuestions', (api) => api.cardSecretQuestions('123 4'), 'GET', '/api2/CMS-v2/CardSecretQuestions?card_serial=123+4', undefined],
    ['resetPinQA', (api) => api.resetPinQA({ card_id: { serial: '1', readerName: 'R' }, new_pin: '123456', secret_answers: { client_salt: 's', answers: [] } }), 'POST', '/api2/CMS-v2/ResetPinQA', { card_id: { serial: '1', readerName: 'R' }, new_pin: '123456', secret_answers: { client_salt: 's', answers: [] } }],
    ['mySmartcards', (api) => api.mySmartcards(), 'GET', '/api/self/smartcards', undefined],
    ['selfCardTemplates', (api) => api.selfCardTemplates(), 'GET', '/api/self/card-templates', undefined],
    ['requestOwnSmartcard', (api) => api.requestOwnSmartcard('u 1', { cardTemplateId: 't', reason: 'r' }), 'POST', '/api/self/smartcard-request/u%201', { cardTemplateId: 't', reason: 'r' }],
    ['authSmartcardPin', (api) => api.authSmartcardPin({ card_id: { serial: '1', readerName: 'R' }, pin: '12345678' }), 'POST', '/api2/Authentication-v1/AuthSmartcardPIN', { card_id: { serial: '1', readerName: 'R' }, pin: '12345678' }],
    ['authSmartcardPassphrase', (api) => api.authSmartcardPassphrase({ card_id: { serial: '1' }, passphrase: 'abc123' }), 'POST', '/api2/Authentication-v1/AuthSmartcardPassphrase', { card_id: { serial: '1' }, passphrase: 'abc123' }],
    ['changePassphrase', (api) => api.changePassphrase('CMS-v1', { card_id: { readerName: 'r' }, pin: '1', passphrase: 'p' }), 'POST', '/api2/CMS-v1/ChangePassphrase', { card_id: { readerName: 'r' }, pin: '1', passphrase: 'p' }],
    ['resetPinPassphrase', (api) => api.resetPinPassphrase('CMS-v2', { card_id: { readerName: 'r' }, passphrase: 'p' }), 'POST', '/api2/CMS-v2/ResetPinPassphrase', { card_id: { readerName: 'r' }, passphrase: 'p' }],
    ['readCertStore', (api) => api.readCertStore('CMS-v2', 'Reader 0'), 'GET', '/api2/CMS-v2/ReadCertStore?readerName=Reader+0', undefined],
    ['cardDetails', (api) => api.cardDetails({ serial: '12', atr: '3b' }), 'GET', '/api2/CMS-v2/CardDetails?serial=12&atr=3b', undefined],
  ])('should call %s as %s %s', async (_name, call, method, path, body) => {
    const { api, calls } = client();
    await call(api);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method, url: `${BASE}${path}`, credentials: 'include' });
    expect(calls[0]!.body === undefined ? undefined : JSON.parse(calls[0]!.body)).toEqual(body);
  });

  it('should resolve with the JSON answer', async () => {
    const { api } = client(() => json(viewer));
    await expect(api.getViewer()).resolves.toEqual(viewer);
  });

  it('should resolve undefined for 204', async () => {
    const { api } = client(() => new Response(null, { status: 204 }));
    await expect(api.logout()).resolves.toBeUndefined();
  });
});

describe('createApiClient headers', () => {
  it('should send the XSRF token on every call and JSON content type only with a body', async () => {
    const { api, calls } = client();
    await api.login({ username: 'u', password: 'p' });
    await api.checkSession();
    await api.version();
    expect(calls[0]!.headers).toMatchObject({ 'x-xsrf-token': 'tok', 'content-type': 'application/json', accept: 'application/json' });
    expect(calls[1]!.headers['x-xsrf-token']).toBe('tok');
    expect(calls[1]!.headers['content-type']).toBeUndefined();
    expect(calls[2]!.headers['x-xsrf-token']).toBe('tok');
  });

  it('should fetch the XSRF cookie once before the first POST when no token is known', async () => {
    let token: string | undefined;
    const fake = fakeFetch((call) => {
      if (call.url.endsWith('/Xsrf')) token = 'fresh';
      return json({});
    });
    const api = createApiClient({ baseUrl: BASE, fetch: fake.fetch, getXsrfToken: () => token });
    await Promise.all([api.checkSession(), api.refreshSession()]);
    await api.logout();
    const seen = fake.calls.map((c) => `${c.method} ${c.url.slice(BASE.length)} ${c.headers['x-xsrf-token'] ?? '-'}`);
    expect(seen[0]).toBe('GET /api2/Authentication-v1/Xsrf -');
    expect(seen.slice(1, 3).sort()).toEqual(['POST /api2/Authentication-v1/check-session fresh', 'POST /api2/Authentication-v1/refresh-session fresh']);
    expect(seen.slice(3)).toEqual(['POST /api2/Authentication-v1/logout fresh']);
  });

  it('should send extra headers such as an API key', async () => {
    const fake = fakeFetch(() => json({}));
    await createApiClient({ baseUrl: BASE, fetch: fake.fetch, getXsrfToken: () => 't', headers: { Authorization: 'Bearer k' } }).version();
    expect(fake.calls[0]!.headers.authorization).toBe('Bearer k');
  });

  it('should honour the credentials option', async () => {
    const fake = fakeFetch(() => json({}));
    await createApiClient({ fetch: fake.fetch, getXsrfToken: () => 't', credentials: 'same-origin' }).version();
    expect(fake.calls[0]).toMatchObject({ url: '/api2/IDM-v1/Version', credentials: 'same-origin' });
  });
});

describe('createApiClient errors', () => {
  it("should reject INVALID_CREDENTIALS with 'Check Username and Password' and not call onGlobalError", async () => {
    const onGlobalError = jest.fn();
    const { api } = client(() => json({ code: 'INVALID_CREDENTIALS', message: 'Check Username and Password' }, 401), 't', onGlobalError);
    await expect(api.login({ username: 'u', password: 'x' })).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS', status: 401, message: 'Check Username and Password' });
    expect(onGlobalError).not.toHaveBeenCalled();
  });

  it.each([
    [401, 'not_logged_in', 'NOT_LOGGED_IN'],
    [402, '', 'PAYMENT_REQUIRED'],
    [429, 'Too Many Requests', 'TOO_MANY_REQUESTS'],
    [503, 'Audit failed', 'AUDIT_FAILED'],
  ])('should map %i %j to %s and call onGlobalError', async (status, body, code) => {
    const onGlobalError = jest.fn();
    const { api } = client(() => text(body, status), 't', onGlobalError);
    const error = await api.getViewer().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code, status });
    expect(onGlobalError).toHaveBeenCalledWith(error);
  });

  it('should keep the field of a VALIDATION answer', async () => {
    const { api } = client(() => json({ code: 'VALIDATION', message: 'username must not be empty', field: 'username' }, 400));
    await expect(api.createUser({ username: '', password: 'p', givenName: 'g', familyName: 'f', emailAddress: 'e', roleIds: [] })).rejects.toMatchObject({
      code: 'VALIDATION',
      field: 'username',
      message: 'username must not be empty',
    });
  });

  it('should keep retryAfterSeconds of a throttled sign-in without calling onGlobalError', async () => {
    const onGlobalError = jest.fn();
    const { api } = client(() => json({ code: 'LOGIN_THROTTLED', message: 'Too many failed sign-in attempts. Try again in 30 seconds.', retryAfterSeconds: 30 }, 429), 't', onGlobalError);
    await expect(api.login({ username: 'u', password: 'p' })).rejects.toMatchObject({ code: 'LOGIN_THROTTLED', retryAfterSeconds: 30 });
    expect(onGlobalError).not.toHaveBeenCalled();
  });

  it('should still reject with the ApiError when onGlobalError throws', async () => {
    const { api } = client(() => text('not_logged_in', 401), 't', () => {
      throw new Error('handler broke');
    });
    await expect(api.getViewer()).rejects.toMatchObject({ code: 'NOT_LOGGED_IN' });
  });

  it('should reject NETWORK with the cause when fetch fails', async () => {
    const cause = new TypeError('fetch failed');
    const { api } = client(() => {
      throw cause;
    });
    const error = (await api.version().catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ code: 'NETWORK', status: 0 });
    expect(error.cause).toBe(cause);
    expect(error.message).toContain('http://127.0.0.1:8080/api2/IDM-v1/Version');
  });

  it('should give up a sign-in call after the auth timeout with TIMEOUT, but not other calls', async () => {
    const hanging = (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    const api = createApiClient({ baseUrl: BASE, fetch: hanging as typeof fetch, getXsrfToken: () => 'tok', authTimeoutMs: 30 });
    await expect(api.login({ username: 'u', password: 'p' })).rejects.toMatchObject({ code: 'TIMEOUT', status: 0 });
    let settled = false;
    void api.version().finally(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(settled).toBe(false);
  });

  it('should use the 90 s auth timeout of signin §9 for Authentication-v1 paths only', () => {
    expect(timeoutMsFor('/api2/Authentication-v1/login')).toBe(90_000);
    expect(timeoutMsFor('/api2/IDM-v1/Version')).toBeUndefined();
  });

  it('should reject INTERNAL for invalid JSON', async () => {
    const { api } = client(() => new Response('{oops', { status: 200, headers: { 'content-type': 'application/json' } }));
    await expect(api.version()).rejects.toMatchObject({ code: 'INTERNAL', status: 200 });
  });
});
