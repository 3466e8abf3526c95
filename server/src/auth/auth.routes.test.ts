import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';

const LOGIN = '/api2/Authentication-v1/login';
const CHECK = '/api2/Authentication-v1/check-session';
const REFRESH = '/api2/Authentication-v1/refresh-session';
const LOGOUT = '/api2/Authentication-v1/logout';

describe('Authentication-v1', () => {
  let t: TestContext;
  let tenantId: string;

  beforeAll(async () => {
    t = await build({ config: { sessionIdleSeconds: 900, sessionAbsoluteSeconds: 3600, loginMaxFailuresPerAccount: 3, loginMaxFailuresPerAddress: 6 } });
    ({ tenantId } = await t.bootstrap());
  });
  afterAll(async () => t?.close());

  describe('Xsrf', () => {
    it('should answer 204 and set a readable XSRF-TOKEN cookie', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api2/Authentication-v1/Xsrf' });
      expect(res.statusCode).toBe(204);
      const cookie = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
      expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(cookie?.sameSite).toBe('Strict');
      expect(cookie?.path).toBe('/');
      expect(cookie?.httpOnly).toBeFalsy();
    });

    it('should not set a new cookie when the request has one', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api2/Authentication-v1/Xsrf', cookies: { 'XSRF-TOKEN': 'abc' } });
      expect(res.cookies.find((c) => c.name === 'XSRF-TOKEN')).toBeUndefined();
    });

    it('should refuse a POST without the header, with a wrong header, or without the cookie', async () => {
      const c = t.client();
      await c.get('/api2/Authentication-v1/Xsrf');
      for (const res of [
        await c.post(LOGIN, { username: 'admin', password: TEST_PASSWORD }, { xsrf: false }),
        await c.post(LOGIN, { username: 'admin', password: TEST_PASSWORD }, { xsrf: false, headers: { 'x-xsrf-token': 'wrong' } }),
        await t.app.inject({ method: 'POST', url: LOGIN, headers: { 'x-xsrf-token': 'x' }, payload: { username: 'admin', password: TEST_PASSWORD } }),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ code: 'CSRF', message: 'Missing or invalid XSRF token' });
      }
      expect(c.cookies.has('tessera_session')).toBe(false);
    });
  });

  describe('login', () => {
    it('should sign in, set an HttpOnly SameSite=Strict session cookie and answer the viewer and session', async () => {
      const c = t.client();
      const res = await c.login('admin', TEST_PASSWORD);
      const cookie = res.cookies.find((x) => x.name === 'tessera_session');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
      expect(cookie?.secure).toBeFalsy();
      const body = res.json();
      expect(body.furtherAuthenticationRequired).toEqual([]);
      expect(body.viewer).toMatchObject({ username: 'admin', roles: ['Administrator'], tenant: { id: tenantId, name: 'Acme' } });
      expect(body.viewer.permission.View).toContain('userView');
      expect(body.viewer.permission.isManager).toBe(true);
      expect(body.session.remainingSeconds).toBeGreaterThan(890);
      expect(JSON.stringify(body)).not.toMatch(/argon2|password_hash/);
      const rows = await t.auditRows('login');
      expect(rows.at(-1)).toMatchObject({ outcome: 'success', actor_username: 'admin', tenant_id: tenantId });
    });

    it('should trim the username and match it case-insensitively', async () => {
      await t.client().login('  ADMIN ', TEST_PASSWORD);
    });

    it('should store only the hash of the session token', async () => {
      const c = t.client();
      await c.login('admin', TEST_PASSWORD);
      const token = c.cookies.get('tessera_session') ?? '';
      const ids = (await t.db.selectFrom('sessions').select('id').execute()).map((r) => r.id);
      if (!t.redis) expect(ids.length).toBeGreaterThan(0);
      expect(ids).not.toContain(token);
    });

    it('should rotate the session id on login and delete the previous record', async () => {
      const c = t.client();
      await c.login('admin', TEST_PASSWORD);
      const first = c.cookies.get('tessera_session');
      await c.login('admin', TEST_PASSWORD);
      const second = c.cookies.get('tessera_session');
      expect(second).not.toEqual(first);
      const old = t.client();
      old.cookies.set('tessera_session', first ?? '');
      expect((await old.post(CHECK)).statusCode).toBe(401);
    });

    it('should answer the same 401 text for a wrong password and an unknown user, and audit both', async () => {
      const wrong = await t.client({ remoteAddress: '10.0.0.1' }).post(LOGIN, { username: 'admin', password: 'nope' });
      const unknown = await t.client({ remoteAddress: '10.0.0.1' }).post(LOGIN, { username: 'nobody', password: 'nope' });
      for (const res of [wrong, unknown]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Check Username and Password' });
        expect(res.cookies.find((c) => c.name === 'tessera_session')).toBeUndefined();
      }
      const failures = (await t.auditRows('login')).filter((r) => r.outcome === 'failure');
      expect(failures.map((r) => r.actor_username)).toEqual(expect.arrayContaining(['admin', 'nobody']));
      const user = await t.db.selectFrom('users').select('failed_logins').where('username', '=', 'admin').executeTakeFirstOrThrow();
      expect(user.failed_logins).toBeGreaterThan(0);
    });

    it('should refuse a disabled user with the same text', async () => {
      await t.createUser(tenantId, 'disabled1', ['userView'], { enabled: false });
      const res = await t.client({ remoteAddress: '10.0.0.2' }).post(LOGIN, { username: 'disabled1', password: TEST_PASSWORD });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Check Username and Password');
    });

    it.each([
      ['a missing password', { username: 'admin' }, 'password', 'password is required'],
      ['a number as username', { username: 12, password: 'x' }, 'username', 'username must be a string'],
      ['a control character', { username: 'ad\u0007min', password: 'x' }, 'username', 'username must not contain control characters'],
      ['an unknown field', { username: 'admin', password: 'x', extra: 1 }, 'extra', 'extra is not allowed'],
      ['a blank username', { username: '   ', password: 'x' }, 'username', 'username must not be empty'],
    ])('should answer 400 naming the field for %s', async (_name, body, field, message) => {
      const c = t.client();
      const res = await c.post(LOGIN, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'VALIDATION', field, message });
      expect(c.cookies.has('tessera_session')).toBe(false);
    });

    it('should answer 400 for malformed JSON and 413 for a body over 1 MiB', async () => {
      const c = t.client();
      const bad = await c.request('POST', LOGIN, { payload: '{"username":', headers: { 'content-type': 'application/json' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'VALIDATION', field: 'body' });
      const big = await c.post(LOGIN, { username: 'admin', password: 'x'.repeat(1024 * 1024 + 10) });
      expect(big.statusCode).toBe(413);
      expect(big.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    });
  });

  describe('throttling', () => {
    it('should throttle an account after too many failures, with retryAfterSeconds and an audit event', async () => {
      await t.createUser(tenantId, 'victim', ['userView']);
      // Different addresses: only the account counter trips.
      for (let i = 0; i < 3; i++) {
        const res = await t.client({ remoteAddress: `10.1.0.${i}` }).post(LOGIN, { username: 'victim', password: 'wrong' });
        expect(res.statusCode).toBe(401);
      }
      const res = await t.client({ remoteAddress: '10.1.0.99' }).post(LOGIN, { username: 'victim', password: TEST_PASSWORD });
      expect(res.statusCode).toBe(429);
      const body = res.json();
      expect(body.code).toBe('LOGIN_THROTTLED');
      expect(body.retryAfterSeconds).toBeGreaterThan(0);
      expect(body.message).toBe(`Too many failed sign-in attempts. Try again in ${body.retryAfterSeconds} seconds.`);
      expect(res.headers['retry-after']).toBe(String(body.retryAfterSeconds));
      expect(res.cookies.find((c) => c.name === 'tessera_session')).toBeUndefined();
      const throttled = await t.auditRows('login.throttled');
      expect(throttled.at(-1)).toMatchObject({ actor_username: 'victim', outcome: 'failure' });
      // Another account from the same address is not affected.
      await t.client({ remoteAddress: '10.1.0.99' }).login('admin', TEST_PASSWORD);
    });

    it('should throttle an address after too many failures across accounts', async () => {
      for (let i = 0; i < 6; i++) {
        await t.client({ remoteAddress: '10.2.0.1' }).post(LOGIN, { username: `ghost${i}`, password: 'wrong' });
      }
      const res = await t.client({ remoteAddress: '10.2.0.1' }).post(LOGIN, { username: 'admin', password: TEST_PASSWORD });
      expect(res.statusCode).toBe(429);
      expect(res.json().code).toBe('LOGIN_THROTTLED');
      await t.client({ remoteAddress: '10.2.0.2' }).login('admin', TEST_PASSWORD);
    });
  });

  describe('check-session and refresh-session', () => {
    it('should answer 401 not_logged_in without a session', async () => {
      const res = await t.client().post(CHECK);
      expect(res.statusCode).toBe(401);
      expect(res.body).toBe('not_logged_in');
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect((await t.client().post(REFRESH)).body).toBe('not_logged_in');
    });

    it('should not extend on check but extend on refresh, never past the absolute expiry', async () => {
      const c = t.client();
      await c.login('admin', TEST_PASSWORD);
      t.advance(600_000);
      const checked = (await c.post(CHECK)).json();
      expect(checked.remainingSeconds).toBeLessThanOrEqual(300);
      expect(checked.remainingSeconds).toBeGreaterThan(290);
      const refreshed = (await c.post(REFRESH)).json();
      expect(refreshed.remainingSeconds).toBeGreaterThan(890);
      expect(refreshed.absoluteExpiresAt).toBe(checked.absoluteExpiresAt);
      // 3000 s after login: refresh can only reach the absolute expiry (3600 s).
      t.advance(800_000);
      await c.post(REFRESH);
      t.advance(800_000);
      await c.post(REFRESH);
      t.advance(800_000);
      const capped = (await c.post(REFRESH)).json();
      expect(capped.expiresAt).toBe(capped.absoluteExpiresAt);
      expect(capped.remainingSeconds).toBeLessThanOrEqual(600);
    });

    it('should end a session after the idle expiry', async () => {
      const c = t.client();
      await c.login('admin', TEST_PASSWORD);
      t.advance(899_000);
      expect((await c.post(CHECK)).statusCode).toBe(200);
      t.advance(2_000);
      const res = await c.post(CHECK);
      expect(res.statusCode).toBe(401);
      expect(res.body).toBe('not_logged_in');
    });

    it('should end a session at the absolute expiry even when refreshed', async () => {
      const c = t.client();
      await c.login('admin', TEST_PASSWORD);
      for (let i = 0; i < 4; i++) {
        t.advance(850_000);
        expect((await c.post(REFRESH)).statusCode).toBe(200);
      }
      t.advance(250_000);
      expect((await c.post(REFRESH)).statusCode).toBe(401);
    });

    it('should refuse an anonymous session on session routes', async () => {
      const c = t.client();
      const anon = await c.post('/api2/Authentication-v1/AnonymousSession');
      expect(anon.statusCode).toBe(200);
      expect((await c.post(CHECK)).statusCode).toBe(401);
      expect((await c.get('/api/login')).statusCode).toBe(401);
    });
  });

  describe('logout', () => {
    it('should delete the session, clear the cookie and audit', async () => {
      const c = t.client();
      await c.login('admin', TEST_PASSWORD);
      const token = c.cookies.get('tessera_session') ?? '';
      const res = await c.post(LOGOUT);
      expect(res.statusCode).toBe(204);
      expect(c.cookies.has('tessera_session')).toBe(false);
      const replay = t.client();
      replay.cookies.set('tessera_session', token);
      expect((await replay.post(CHECK)).statusCode).toBe(401);
      expect((await t.auditRows('logout')).at(-1)).toMatchObject({ actor_username: 'admin', outcome: 'success' });
    });

    it('should be idempotent without a session, and need the XSRF header', async () => {
      expect((await t.client().post(LOGOUT)).statusCode).toBe(204);
      expect((await t.client().post('/api/logout')).statusCode).toBe(204);
      expect((await t.client().post(LOGOUT, undefined, { xsrf: false })).statusCode).toBe(403);
    });

    it('should work through the legacy POST /api/logout', async () => {
      const c = t.client();
      await c.login('admin', TEST_PASSWORD);
      expect((await c.post('/api/logout')).statusCode).toBe(204);
      expect((await c.get('/api/login')).statusCode).toBe(401);
    });
  });

  describe('GET /api/login (legacy viewer)', () => {
    it('should answer the viewer with its permission object', async () => {
      const { userId } = await t.createUser(tenantId, 'viewer1', ['userView', 'roleView', 'audit'], { blacklist: ['audit'] });
      const c = t.client();
      await c.login('viewer1', TEST_PASSWORD);
      const res = await c.get('/api/login');
      expect(res.statusCode).toBe(200);
      const viewer = res.json();
      expect(viewer).toMatchObject({ id: userId, username: 'viewer1', emailAddress: 'viewer1@example.test' });
      // domain's rules (the browser's too): role order kept, blacklist removed; Menu also lists the areas whose routes carry no guard (API keys).
      expect(viewer.permission).toEqual({ View: ['userView', 'roleView'], Menu: ['identity', 'apikeys'], activeMenu: ['identity', 'apikeys'], api: ['userView', 'roleView'], roles: [expect.any(String)], isManager: false });
      expect(viewer.tenant).toMatchObject({ id: tenantId, supportEmail: 'admin@acme.test', bannerColour: null, toastrTimeout: null });
    });

    it('should answer 401 not_logged_in without a session', async () => {
      const res = await t.client().get('/api/login');
      expect(res.statusCode).toBe(401);
      expect(res.body).toBe('not_logged_in');
    });
  });

  describe('AnonymousSession and Disclaimer', () => {
    it('should create an anonymous session on the default tenant', async () => {
      const c = t.client();
      const res = await c.post('/api2/Authentication-v1/AnonymousSession');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ tenant: { id: tenantId, name: 'Acme' }, session: { remainingSeconds: expect.any(Number) } });
      expect(c.cookies.has('tessera_session')).toBe(true);
    });

    it("should create the anonymous session on the tenant of the host name, not the default tenant's", async () => {
      const other = await t.createTenant('Umbrella', ['umbrella.example']);
      const c = t.client();
      const res = await c.post('/api2/Authentication-v1/AnonymousSession', undefined, { headers: { host: 'umbrella.example' } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ tenant: { id: other, name: 'Umbrella' } });
    });

    it('should need the XSRF header', async () => {
      expect((await t.client().post('/api2/Authentication-v1/AnonymousSession', undefined, { xsrf: false })).statusCode).toBe(403);
    });

    it('should answer the disclaimer of the tenant of the host name', async () => {
      expect((await t.client().get('/api2/Authentication-v1/Disclaimer')).json()).toEqual({ disclaimer: null });
      const other = await t.createTenant('Globex', ['globex.example']);
      await t.db.updateTable('tenants').set({ disclaimer: 'Authorised use only.\nAll access is logged.' }).where('id', '=', other).execute();
      const res = await t.client().get('/api2/Authentication-v1/Disclaimer', { headers: { host: 'globex.example:8080' } });
      expect(res.json()).toEqual({ disclaimer: 'Authorised use only.\nAll access is logged.' });
    });
  });

  describe('tenant of a login', () => {
    it('should sign in to the tenant whose domains hold the host name', async () => {
      const other = await t.createTenant('Initech', ['initech.example']);
      await t.createUser(other, 'admin', ['userView']);
      const c = t.client();
      const res = await c.post(LOGIN, { username: 'admin', password: TEST_PASSWORD }, { headers: { host: 'initech.example' } });
      expect(res.statusCode).toBe(200);
      expect(res.json().viewer.tenant.id).toBe(other);
      const acme = await t.client().login('admin', TEST_PASSWORD);
      expect(acme.json().viewer.tenant.id).toBe(tenantId);
    });
  });

  describe('audit failure', () => {
    it('should answer 503 Audit failed and not sign in or out when the audit write fails', async () => {
      const c = t.client();
      await c.login('admin', TEST_PASSWORD);
      const before = await t.db.selectFrom('sessions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      await t.breakAudit();
      try {
        const login = await t.client().post(LOGIN, { username: 'admin', password: TEST_PASSWORD });
        expect(login.statusCode).toBe(503);
        expect(login.body).toBe('Audit failed');
        expect(login.cookies.find((x) => x.name === 'tessera_session')).toBeUndefined();
        const logout = await c.post(LOGOUT);
        expect(logout.statusCode).toBe(503);
        expect(logout.body).toBe('Audit failed');
      } finally {
        await t.repairAudit();
      }
      const after = await t.db.selectFrom('sessions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
      expect((await c.post(CHECK)).statusCode).toBe(200);
    });
  });
});
