import { build, TEST_PASSWORD, type TestContext } from '../../test-helpers/build';
import { resetTokenId } from './passwords.routes';

const NEW_PASSWORD = 'Velvet-Lantern-Quarry-42';
const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('passwords', () => {
  let t: TestContext;
  let tenantId: string;

  beforeAll(async () => {
    t = await build();
    ({ tenantId } = await t.bootstrap());
  });
  afterAll(async () => t?.close());

  it('should answer the password rules', async () => {
    expect((await t.client().get('/api2/IDM-v1/PasswordConfig')).json()).toEqual({ minLength: 10, minScore: 3 });
  });

  describe('ChangePassword', () => {
    it('should need the current password, refuse weak and breached ones, and end the other sessions only', async () => {
      await t.createUser(tenantId, 'cara', ['changePassword']);
      const a = t.client();
      const b = t.client();
      await a.login('cara', TEST_PASSWORD);
      await b.login('cara', TEST_PASSWORD);

      const wrong = await a.post('/api2/IDM-v1/ChangePassword', { currentPassword: 'nope', newPassword: NEW_PASSWORD });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ code: 'VALIDATION', field: 'currentPassword', message: 'The current password is not correct.' });
      const breached = await a.post('/api2/IDM-v1/ChangePassword', { currentPassword: TEST_PASSWORD, newPassword: 'password123' });
      expect(breached.json()).toMatchObject({ field: 'newPassword', message: 'This password appears in a list of breached or common passwords.' });
      const weak = await a.post('/api2/IDM-v1/ChangePassword', { currentPassword: TEST_PASSWORD, newPassword: 'cara-cara-cara' });
      expect(weak.json()).toMatchObject({ field: 'newPassword' });

      expect((await a.post('/api2/IDM-v1/ChangePassword', { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD })).statusCode).toBe(204);
      expect((await a.get('/api/login')).statusCode).toBe(200);
      expect((await b.get('/api/login')).statusCode).toBe(401);
      expect((await t.client().post('/api2/Authentication-v1/login', { username: 'cara', password: TEST_PASSWORD })).statusCode).toBe(401);
      await t.client().login('cara', NEW_PASSWORD);
      expect((await t.auditRows('password.change')).map((r) => r.outcome)).toEqual(['failure', 'success']);
    });

    it('should throttle current-password guesses like sign-in (429 after the account budget, the right password too) and audit each', async () => {
      await t.createUser(tenantId, 'guessee', ['changePassword']);
      const c = t.client({ remoteAddress: '10.1.0.1' });
      await c.login('guessee', TEST_PASSWORD);
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) statuses.push((await c.post('/api2/IDM-v1/ChangePassword', { currentPassword: `guess-${i}`, newPassword: NEW_PASSWORD })).statusCode);
      // The sign-in budget of one account from one address is 5 (issue 11): five 400s, then 429 for the rest.
      expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
      expect(new Set(statuses.slice(5))).toEqual(new Set([429]));
      const right = await c.post('/api2/IDM-v1/ChangePassword', { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD });
      expect(right.statusCode).toBe(429);
      expect(right.json()).toMatchObject({ code: 'LOGIN_THROTTLED' });
      const rows = (await t.auditRows('password.change')).filter((r) => r.actor_username === 'guessee');
      expect(rows).toHaveLength(31);
      expect(rows.every((r) => r.outcome === 'failure')).toBe(true);
      expect(rows.filter((r) => r.detail.reason === 'throttled')).toHaveLength(26);
      // Sign-in shares the budget: that account is throttled there too from the guessing address, while the
      // owner still signs in from another address (no lockout by a guesser, issue 11).
      expect((await t.client({ remoteAddress: '10.1.0.1' }).post('/api2/Authentication-v1/login', { username: 'guessee', password: TEST_PASSWORD })).statusCode).toBe(429);
      expect((await t.client({ remoteAddress: '10.1.0.2' }).post('/api2/Authentication-v1/login', { username: 'guessee', password: TEST_PASSWORD })).statusCode).toBe(200);
      // The password did not change.
      expect((await t.auditRows('password.change')).filter((r) => r.actor_username === 'guessee' && r.outcome === 'success')).toEqual([]);
    });

    it('should be refused without the changePassword permission', async () => {
      await t.createUser(tenantId, 'dan', []);
      const c = t.client();
      await c.login('dan', TEST_PASSWORD);
      expect((await c.post('/api2/IDM-v1/ChangePassword', { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD })).statusCode).toBe(403);
    });
  });

  describe('ForgotPassword and ResetPassword', () => {
    it('should answer the same whether or not the account exists, and mail a link only to an existing one', async () => {
      await t.createUser(tenantId, 'eve', []);
      const known = await t.client().post('/api2/IDM-v1/ForgotPassword', { emailAddress: 'EVE@example.test' });
      const unknown = await t.client().post('/api2/IDM-v1/ForgotPassword', { emailAddress: 'nobody@example.test' });
      expect(known.statusCode).toBe(202);
      expect(unknown.statusCode).toBe(202);
      expect(known.body).toBe(unknown.body);
      await flush();
      const mail = t.mails.at(-1)!;
      expect(mail.to).toBe('eve@example.test');
      expect(mail.text).toMatch(/http:\/\/localhost(:\d+)?\/forgotpassword\/[A-Za-z0-9_-]{43}/);
      expect(t.mails.filter((m) => m.to === 'nobody@example.test')).toEqual([]);
    });

    it('should store only the hash, validate the link, reset once, end sessions, and refuse reuse and expiry', async () => {
      await t.createUser(tenantId, 'finn', []);
      const session = t.client();
      await session.login('finn', TEST_PASSWORD);
      await t.client().post('/api2/IDM-v1/ForgotPassword', { emailAddress: 'finn@example.test' });
      await flush();
      const token = /forgotpassword\/([A-Za-z0-9_-]{43})/.exec(t.mails.at(-1)!.text)![1]!;
      const ids = (await t.db.selectFrom('password_reset_tokens').select('id').execute()).map((r) => r.id);
      expect(ids).toContain(resetTokenId(token));
      expect(ids).not.toContain(token);

      expect((await t.client().post('/api2/IDM-v1/ValidateResetToken', { token })).json()).toEqual({ valid: true, username: 'finn' });
      const weak = await t.client().post('/api2/IDM-v1/ResetPassword', { token, newPassword: 'qwertyuiop' });
      expect(weak.statusCode).toBe(400);
      expect((await t.client().post('/api2/IDM-v1/ResetPassword', { token, newPassword: NEW_PASSWORD })).statusCode).toBe(204);
      expect((await session.get('/api/login')).statusCode).toBe(401);
      await t.client().login('finn', NEW_PASSWORD);

      const again = await t.client().post('/api2/IDM-v1/ResetPassword', { token, newPassword: 'Another-Fine-Passphrase-7' });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ code: 'RESET_TOKEN_INVALID', message: 'This password reset link is invalid or has expired.' });
      expect((await t.client().post('/api2/IDM-v1/ValidateResetToken', { token })).statusCode).toBe(400);

      await t.client().post('/api2/IDM-v1/ForgotPassword', { emailAddress: 'finn@example.test' });
      await flush();
      const late = /forgotpassword\/([A-Za-z0-9_-]{43})/.exec(t.mails.at(-1)!.text)![1]!;
      t.advance(60 * 60 * 1000 + 1000);
      expect((await t.client().post('/api2/IDM-v1/ResetPassword', { token: late, newPassword: 'Another-Fine-Passphrase-7' })).json()).toMatchObject({ code: 'RESET_TOKEN_INVALID' });
      expect((await t.auditRows('password.reset')).at(-1)).toMatchObject({ actor_username: 'finn', outcome: 'success' });
    });

    it('should build the link from the configured public URL only, whatever Host the request names', async () => {
      await t.createUser(tenantId, 'gus', []);
      for (const host of ['evil.example', 'localhost:6666', '127.0.0.1:1']) {
        const before = t.mails.length;
        const res = await t.client({ remoteAddress: `10.9.0.${host.length}` }).post('/api2/IDM-v1/ForgotPassword', { emailAddress: 'gus@example.test' }, { headers: { host } });
        expect(res.statusCode).toBe(202);
        await flush();
        expect(t.mails.length).toBe(before + 1);
        // The test app's configuration: no TESSERA_PUBLIC_URL, port 8080.
        expect(t.mails.at(-1)!.text).toMatch(/^http:\/\/localhost:8080\/forgotpassword\/[A-Za-z0-9_-]{43}$/m);
        expect(t.mails.at(-1)!.text).not.toContain(host);
      }
    });

    it('should throttle requests per e-mail address (429 Too Many Requests) and mails per account, leaving one live link', async () => {
      const { userId } = await t.createUser(tenantId, 'ivy', []);
      const before = t.mails.length;
      const statuses: number[] = [];
      // 30 requests in a row from changing client addresses: the per-address budget is not what stops them.
      for (let i = 0; i < 30; i++) statuses.push((await t.client({ remoteAddress: `10.2.0.${i + 1}` }).post('/api2/IDM-v1/ForgotPassword', { emailAddress: 'ivy@example.test' })).statusCode);
      await flush();
      expect(statuses.slice(0, 5)).toEqual([202, 202, 202, 202, 202]);
      expect(new Set(statuses.slice(5))).toEqual(new Set([429]));
      const throttled = await t.client({ remoteAddress: '10.2.1.1' }).post('/api2/IDM-v1/ForgotPassword', { emailAddress: 'IVY@example.test' });
      expect(throttled.statusCode).toBe(429);
      expect(throttled.body).toBe('Too Many Requests');
      // Three mails per account per window; only the newest link is live.
      expect(t.mails.length - before).toBe(3);
      const live = await t.db.selectFrom('password_reset_tokens').select('id').where('user_id', '=', userId).where('used_at', 'is', null).execute();
      expect(live).toHaveLength(1);
      const audit = (await t.auditRows('password.reset_request')).slice(-27);
      expect(audit.filter((r) => r.detail.reason === 'throttled')).toHaveLength(26);
      expect(audit.filter((r) => r.detail.reason === 'account mail budget spent')).toHaveLength(1);
    });

    it('should throttle requests per client address', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) statuses.push((await t.client({ remoteAddress: '10.3.0.1' }).post('/api2/IDM-v1/ForgotPassword', { emailAddress: `nobody${i}@example.test` })).statusCode);
      expect(statuses.slice(0, 20).every((s) => s === 202)).toBe(true);
      expect(statuses[20]).toBe(429);
    });

    it('should change nothing when the audit cannot be written', async () => {
      await t.createUser(tenantId, 'hal', []);
      await t.breakAudit();
      try {
        const res = await t.client().post('/api2/IDM-v1/ForgotPassword', { emailAddress: 'hal@example.test' });
        expect(res.statusCode).toBe(503);
      } finally {
        await t.repairAudit();
      }
      const hal = await t.db.selectFrom('users').select('id').where('username', '=', 'hal').executeTakeFirstOrThrow();
      expect(await t.db.selectFrom('password_reset_tokens').selectAll().where('user_id', '=', hal.id).execute()).toEqual([]);
    });
  });
});
