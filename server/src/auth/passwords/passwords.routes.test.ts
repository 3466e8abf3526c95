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

    it('should send no link for a host that is not the tenant own', async () => {
      await t.createUser(tenantId, 'gus', []);
      const before = t.mails.length;
      const res = await t.client().post('/api2/IDM-v1/ForgotPassword', { emailAddress: 'gus@example.test' }, { headers: { host: 'evil.example' } });
      expect(res.statusCode).toBe(202);
      await flush();
      expect(t.mails.length).toBe(before);
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
