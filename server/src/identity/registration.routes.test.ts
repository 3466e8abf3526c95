/**
 * Self-registration and account activation (issue 13; signin §7 VerifyRegistrationEmail, §8 'Failed to
 * verify email: {detail}'; admin-console §2.1 /register, /finish-register, /activateaccount/{token}).
 */
import { MESSAGES } from '@tessera/domain';
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import { emailLinkId } from './registration.service';

const PASSWORD = 'Velvet-Lantern-Quarry-42';
const flush = () => new Promise((resolve) => setImmediate(resolve));
const REGISTER_LINK = /^http:\/\/localhost:8080\/finish-register\?token=([A-Za-z0-9_-]{43})$/m;
const ACTIVATE_LINK = /^http:\/\/localhost:8080\/activateaccount\/([A-Za-z0-9_-]{43})$/m;

describe('self-registration and account activation', () => {
  let t: TestContext;
  let tenantId: string;
  let ip = 0;
  /** A client from an address of its own (the per-address budget is not what most tests look at). */
  const client = () => t.client({ remoteAddress: `10.20.${Math.floor(++ip / 250)}.${ip % 250}` });

  const admin = async () => {
    const c = t.client();
    await c.login('admin', TEST_PASSWORD);
    return c;
  };
  const setSelfRegistration = async (on: boolean) => {
    const res = await (await admin()).patch('/api2/IDM-v1/TenancyConfig', { selfRegistration: on });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ selfRegistration: on });
  };
  /** Requests a registration link and returns the token of the mail it sent. */
  const registrationToken = async (emailAddress: string) => {
    const before = t.mails.length;
    expect((await client().post('/api2/IDM-v1/VerifyRegistrationEmail', { tenantId, emailAddress })).statusCode).toBe(202);
    await flush();
    expect(t.mails).toHaveLength(before + 1);
    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe(emailAddress);
    return REGISTER_LINK.exec(mail.text)![1]!;
  };

  beforeAll(async () => {
    t = await build();
    ({ tenantId } = await t.bootstrap());
  });
  afterAll(async () => t?.close());

  describe('VerifyRegistrationEmail', () => {
    it('should refuse while the tenant has not opened self-registration (the default), mail nothing and audit the refusal', async () => {
      expect((await client().get('/api2/IDM-v1/RegistrationConfig')).json()).toEqual({ tenantId, tenantName: 'Acme', selfRegistration: false });
      const res = await client().post('/api2/IDM-v1/VerifyRegistrationEmail', { tenantId, emailAddress: 'nora@example.test' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: MESSAGES.REGISTRATION_CLOSED });
      await flush();
      expect(t.mails).toHaveLength(0);
      expect((await t.auditRows('user.register_request')).at(-1)).toMatchObject({ outcome: 'failure', tenant_id: tenantId, detail: { reason: 'closed' } });
    });

    it('should name the field of a bad request: an address that is not one, a tenant that is not this address\'s', async () => {
      await setSelfRegistration(true);
      const bad = await client().post('/api2/IDM-v1/VerifyRegistrationEmail', { tenantId, emailAddress: 'not-an-address' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'VALIDATION', field: 'emailAddress' });
      const other = await t.createTenant('Other', ['other.test']);
      const wrongTenant = await client().post('/api2/IDM-v1/VerifyRegistrationEmail', { tenantId: other, emailAddress: 'nora@example.test' });
      expect(wrongTenant.statusCode).toBe(400);
      expect(wrongTenant.json()).toMatchObject({ code: 'VALIDATION', field: 'tenantId' });
      await flush();
      expect(t.mails).toHaveLength(0);
      expect(await t.db.selectFrom('email_links').select('id').execute()).toEqual([]);
    });

    it('should mail a single-use link whose SHA-256 alone is stored, and spend it with a newer one', async () => {
      const first = await registrationToken('nora@example.test');
      const second = await registrationToken('Nora@Example.test');
      const rows = await t.db.selectFrom('email_links').selectAll().where('purpose', '=', 'register').orderBy('created_at').execute();
      expect(rows.map((r) => r.id).sort()).toEqual([emailLinkId(first), emailLinkId(second)].sort());
      expect(JSON.stringify(rows)).not.toContain(first);
      expect(rows.find((r) => r.id === emailLinkId(first))!.used_at).not.toBeNull();
      const stale = await client().post('/api2/IDM-v1/ValidateEmailLink', { token: first, purpose: 'register' });
      expect(stale.statusCode).toBe(400);
      expect(stale.json()).toMatchObject({ code: 'EMAIL_LINK_INVALID', message: MESSAGES.EMAIL_LINK_INVALID });
      expect((await client().post('/api2/IDM-v1/ValidateEmailLink', { token: second, purpose: 'register' })).json()).toEqual({ valid: true, emailAddress: 'Nora@Example.test', username: null });
      // A registration link is not an activation link.
      expect((await client().post('/api2/IDM-v1/ValidateEmailLink', { token: second, purpose: 'activate' })).statusCode).toBe(400);
    });

    it('should answer the same for an address that has an account, and mail a note with no link instead', async () => {
      const linksBefore = (await t.db.selectFrom('email_links').select('id').execute()).length;
      const res = await client().post('/api2/IDM-v1/VerifyRegistrationEmail', { tenantId, emailAddress: 'ADMIN@acme.test' });
      expect(res.statusCode).toBe(202);
      await flush();
      expect(t.mails.at(-1)!.to).toBe('ADMIN@acme.test');
      expect(t.mails.at(-1)!.text).toContain('already has one');
      expect(t.mails.at(-1)!.text).not.toMatch(REGISTER_LINK);
      expect((await t.db.selectFrom('email_links').select('id').execute()).length).toBe(linksBefore);
      expect((await t.auditRows('user.register_request')).at(-1)).toMatchObject({ outcome: 'failure', detail: { reason: 'address has an account' } });
    });

    it('should throttle like ForgotPassword: 5 requests an address (then 429), 3 mails an address (then none, silently)', async () => {
      const before = t.mails.length;
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await client().post('/api2/IDM-v1/VerifyRegistrationEmail', { tenantId, emailAddress: 'spam@example.test' })).statusCode);
      expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
      await flush();
      expect(t.mails.length - before).toBe(3);
      const reasons = (await t.auditRows('user.register_request')).slice(-3).map((r) => r.detail.reason);
      expect(reasons).toEqual(['mail budget spent', 'mail budget spent', 'throttled']);
      // Per client address: 20, whatever the e-mail address.
      const one = t.client({ remoteAddress: '10.99.0.1' });
      const fromOne: number[] = [];
      for (let i = 0; i < 21; i++) fromOne.push((await one.post('/api2/IDM-v1/VerifyRegistrationEmail', { tenantId, emailAddress: `p${i}@example.test` })).statusCode);
      expect(fromOne.slice(0, 20).every((s) => s === 202)).toBe(true);
      expect(fromOne[20]).toBe(429);
    });
  });

  describe('FinishRegistration', () => {
    it('should apply the username rules and the password policy, naming the field, and create nothing', async () => {
      const token = await registrationToken('olga@example.test');
      const body = { token, username: 'olga', givenName: 'Olga', familyName: 'Berg', password: PASSWORD };
      const badName = await client().post('/api2/IDM-v1/FinishRegistration', { ...body, username: 'ol/ga' });
      expect(badName.statusCode).toBe(400);
      expect(badName.json()).toMatchObject({ field: 'username', message: "The character '/' is not allowed in usernames." });
      const empty = await client().post('/api2/IDM-v1/FinishRegistration', { ...body, username: '  ' });
      expect(empty.json()).toMatchObject({ field: 'username', message: MESSAGES.USERNAME_REQUIRED });
      const weak = await client().post('/api2/IDM-v1/FinishRegistration', { ...body, password: 'password123' });
      expect(weak.json()).toMatchObject({ field: 'password', message: 'This password appears in a list of breached or common passwords.' });
      const taken = await client().post('/api2/IDM-v1/FinishRegistration', { ...body, username: 'ADMIN' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ code: 'CONFLICT', field: 'username' });
      const badToken = await client().post('/api2/IDM-v1/FinishRegistration', { ...body, token: 'short' });
      expect(badToken.json()).toMatchObject({ code: 'VALIDATION', field: 'token' });
      expect(await t.db.selectFrom('users').select('id').where('username', '=', 'olga').execute()).toEqual([]);
      // The link survives refusals.
      expect((await client().post('/api2/IDM-v1/ValidateEmailLink', { token, purpose: 'register' })).statusCode).toBe(200);
    });

    it('should create an enabled account with no role and the mailed address, audited, that signs in; the link works once', async () => {
      const token = await registrationToken('pia@example.test');
      const res = await client().post('/api2/IDM-v1/FinishRegistration', { token, username: ' pia ', givenName: 'Pia', familyName: 'Lund', password: PASSWORD });
      expect(res.statusCode).toBe(201);
      const { userId } = res.json();
      expect(res.json()).toEqual({ userId, username: 'pia' });
      const row = await t.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ tenant_id: tenantId, username: 'pia', email: 'pia@example.test', given_name: 'Pia', family_name: 'Lund', enabled: true });
      expect(row.password_hash).not.toContain(PASSWORD);
      expect(await t.db.selectFrom('user_roles').select('role_id').where('user_id', '=', userId).execute()).toEqual([]);
      expect((await t.auditRows('user.register')).at(-1)).toMatchObject({ outcome: 'success', actor_username: 'pia', target_id: userId, tenant_id: tenantId });
      const signIn = await t.client().login('pia', PASSWORD);
      expect(signIn.json().viewer.username).toBe('pia');
      const again = await client().post('/api2/IDM-v1/FinishRegistration', { token, username: 'pia2', givenName: '', familyName: '', password: PASSWORD });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ code: 'EMAIL_LINK_INVALID' });
      // The address has an account now: a new request mails the note, not a link.
      await client().post('/api2/IDM-v1/VerifyRegistrationEmail', { tenantId, emailAddress: 'pia@example.test' });
      await flush();
      expect(t.mails.at(-1)!.text).not.toMatch(REGISTER_LINK);
    });

    it('should refuse an expired link, and a link of a tenant that has closed registration since', async () => {
      const late = await registrationToken('quin@example.test');
      t.advance(60 * 60 * 1000 + 1000);
      const expired = await client().post('/api2/IDM-v1/FinishRegistration', { token: late, username: 'quin', givenName: '', familyName: '', password: PASSWORD });
      expect(expired.json()).toMatchObject({ code: 'EMAIL_LINK_INVALID' });
      const token = await registrationToken('rolf@example.test');
      await setSelfRegistration(false);
      const closed = await client().post('/api2/IDM-v1/FinishRegistration', { token, username: 'rolf', givenName: '', familyName: '', password: PASSWORD });
      expect(closed.statusCode).toBe(403);
      expect(closed.json()).toMatchObject({ message: MESSAGES.REGISTRATION_CLOSED });
      expect(await t.db.selectFrom('users').select('id').where('username', 'in', ['quin', 'rolf']).execute()).toEqual([]);
      await setSelfRegistration(true);
    });

    it('should roll the account back when the audit fails (503 Audit failed)', async () => {
      const token = await registrationToken('sven@example.test');
      await t.breakAudit();
      try {
        const res = await client().post('/api2/IDM-v1/FinishRegistration', { token, username: 'sven', givenName: '', familyName: '', password: PASSWORD });
        expect(res.statusCode).toBe(503);
        expect(res.body).toBe('Audit failed');
      } finally {
        await t.repairAudit();
      }
      expect(await t.db.selectFrom('users').select('id').where('username', '=', 'sven').execute()).toEqual([]);
      expect((await client().post('/api2/IDM-v1/ValidateEmailLink', { token, purpose: 'register' })).statusCode).toBe(200);
    });
  });

  describe('account activation', () => {
    it('should need userEdit to mail an activation link, and find only users of the viewer\'s tenant', async () => {
      const { userId } = await t.createUser(tenantId, 'helper', ['userView']);
      const helper = t.client();
      await helper.login('helper', TEST_PASSWORD);
      expect((await helper.post('/api2/IDM-v1/SendActivationEmail', { userId })).statusCode).toBe(403);
      const other = await t.createTenant('Elsewhere', ['elsewhere.test']);
      const stranger = await t.createUser(other, 'stranger', []);
      const res = await (await admin()).post('/api2/IDM-v1/SendActivationEmail', { userId: stranger.userId });
      expect(res.statusCode).toBe(404);
      expect((await client().post('/api2/IDM-v1/SendActivationEmail', { userId })).statusCode).toBe(401);
    });

    it('should mail a link that sets the first password and enables the account, once; a weak password is refused', async () => {
      const c = await admin();
      const created = await c.post('/api2/IDM-v1/User', { username: 'tove', password: 'Temporary-Placeholder-91', givenName: 'Tove', familyName: 'Ek', emailAddress: 'tove@example.test', roleIds: [] });
      expect(created.statusCode).toBe(201);
      const userId = created.json().id as string;
      await t.db.updateTable('users').set({ enabled: false }).where('id', '=', userId).execute();
      expect((await c.post('/api2/IDM-v1/SendActivationEmail', { userId })).statusCode).toBe(202);
      await flush();
      expect(t.mails.at(-1)!.to).toBe('tove@example.test');
      const token = ACTIVATE_LINK.exec(t.mails.at(-1)!.text)![1]!;
      expect((await t.auditRows('user.activation_email')).at(-1)).toMatchObject({ actor_username: 'admin', target_id: userId });
      expect((await client().post('/api2/IDM-v1/ValidateEmailLink', { token, purpose: 'activate' })).json()).toEqual({ valid: true, emailAddress: 'tove@example.test', username: 'tove' });

      const weak = await client().post('/api2/IDM-v1/ActivateAccount', { token, newPassword: 'tove-tove-tove' });
      expect(weak.statusCode).toBe(400);
      expect(weak.json()).toMatchObject({ field: 'newPassword' });
      expect((await t.db.selectFrom('users').select('enabled').where('id', '=', userId).executeTakeFirstOrThrow()).enabled).toBe(false);

      expect((await client().post('/api2/IDM-v1/ActivateAccount', { token, newPassword: PASSWORD })).statusCode).toBe(204);
      expect((await t.db.selectFrom('users').select('enabled').where('id', '=', userId).executeTakeFirstOrThrow()).enabled).toBe(true);
      await t.client().login('tove', PASSWORD);
      expect((await t.auditRows('user.activate_account')).at(-1)).toMatchObject({ outcome: 'success', actor_username: 'tove', target_id: userId });
      const again = await client().post('/api2/IDM-v1/ActivateAccount', { token, newPassword: 'Another-Fine-Passphrase-7' });
      expect(again.json()).toMatchObject({ code: 'EMAIL_LINK_INVALID' });
      await t.client().login('tove', PASSWORD);
    });

    it('should spend an earlier activation link when a new one is mailed', async () => {
      const { userId } = await t.createUser(tenantId, 'ulla', []);
      const c = await admin();
      await c.post('/api2/IDM-v1/SendActivationEmail', { userId });
      await flush();
      const first = ACTIVATE_LINK.exec(t.mails.at(-1)!.text)![1]!;
      await c.post('/api2/IDM-v1/SendActivationEmail', { userId });
      await flush();
      const second = ACTIVATE_LINK.exec(t.mails.at(-1)!.text)![1]!;
      expect((await client().post('/api2/IDM-v1/ActivateAccount', { token: first, newPassword: PASSWORD })).json()).toMatchObject({ code: 'EMAIL_LINK_INVALID' });
      expect((await client().post('/api2/IDM-v1/ActivateAccount', { token: second, newPassword: PASSWORD })).statusCode).toBe(204);
    });
  });
});
