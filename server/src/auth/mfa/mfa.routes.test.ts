import { Secret, TOTP } from 'otpauth';
import { build, TEST_PASSWORD, type TestContext } from '../../test-helpers/build';
import type { TestClient } from '../../test-helpers/client';

const LOGIN = '/api2/Authentication-v1/login';
const TOTP_AUTH = '/api2/Authentication-v1/TOTPAuth';
const code = (secret: string, at: number) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

describe('TOTP multi-factor authentication', () => {
  let t: TestContext;
  let tenantId: string;
  let admin: TestClient;

  beforeAll(async () => {
    t = await build({ config: { loginMaxFailuresPerAccount: 3 } });
    ({ tenantId } = await t.bootstrap());
    admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
  });
  afterAll(async () => t?.close());

  /** Signs a new user in with the tenant requiring MFA; returns the enrolment of the first login. */
  async function enrolNewUser(name: string) {
    const { userId } = await t.createUser(tenantId, name, ['selfServicePortal']);
    await t.db.updateTable('tenants').set({ mfa_required: true }).where('id', '=', tenantId).execute();
    const c = t.client();
    const res = await c.post(LOGIN, { username: name, password: TEST_PASSWORD });
    await t.db.updateTable('tenants').set({ mfa_required: false }).where('id', '=', tenantId).execute();
    return { c, userId, res };
  }

  it('should answer a pending sign-in with the enrolment when the tenant requires MFA and no secret is set', async () => {
    const { c, userId, res } = await enrolNewUser('mia');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.furtherAuthenticationRequired).toEqual(['TOTP']);
    expect(body.viewer).toBeUndefined();
    expect(body.enrolment).toMatchObject({ issuer: 'Tessera (Acme)', accountName: 'mia' });
    expect(body.enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.enrolment.qr).toMatch(/^data:image\/png;base64,/);
    expect(body.enrolment.recovery_codes).toHaveLength(10);
    // The pending session is not signed in.
    expect((await c.get('/api/login')).statusCode).toBe(401);
    // Only the encrypted secret and hashes are stored.
    const row = await t.db.selectFrom('user_mfa').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
    expect(row.secret_encrypted).not.toContain(body.enrolment.secret);
    const hashes = await t.db.selectFrom('mfa_recovery_codes').select('code_hash').where('user_id', '=', userId).execute();
    expect(hashes.map((h) => h.code_hash)).not.toContain(body.enrolment.recovery_codes[0]);

    const ok = await c.post(TOTP_AUTH, { passcode: code(body.enrolment.secret, t.app.now()) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ furtherAuthenticationRequired: [], viewer: { username: 'mia' } });
    expect((await c.get('/api/login')).statusCode).toBe(200);
    expect((await c.get('/api2/Authentication-v1/MfaStatus')).json()).toEqual({ isEnabled: true, isSecretSet: true, isRequired: false });
    expect((await t.auditRows('mfa.verify')).at(-1)).toMatchObject({ outcome: 'success', actor_username: 'mia', detail: { method: 'totp', enrolled: true } });
  });

  it('should ask an enrolled user for a code, refuse a replayed code and accept the next step', async () => {
    const { c, res } = await enrolNewUser('noah');
    const secret = res.json().enrolment.secret as string;
    const first = t.client();
    // Enrol with this step's code.
    expect((await c.post(TOTP_AUTH, { passcode: code(secret, t.app.now()) })).statusCode).toBe(200);

    const login = await first.post(LOGIN, { username: 'noah', password: TEST_PASSWORD });
    expect(login.json()).toMatchObject({ furtherAuthenticationRequired: ['TOTP'] });
    expect(login.json().enrolment).toBeUndefined();
    const replay = await first.post(TOTP_AUTH, { passcode: code(secret, t.app.now()) });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ code: 'MFA_INVALID', message: 'Failed to validate MFA token' });
    expect((await t.auditRows('mfa.verify')).at(-1)).toMatchObject({ outcome: 'failure', detail: { reason: 'replay' } });

    t.advance(30_000);
    expect((await first.post(TOTP_AUTH, { passcode: code(secret, t.app.now()) })).statusCode).toBe(200);
  });

  it('should accept each recovery code once, and regenerated codes replace the old ones', async () => {
    const { c, res } = await enrolNewUser('olga');
    const { secret, recovery_codes: codes } = res.json().enrolment as { secret: string; recovery_codes: string[] };
    t.advance(30_000);
    expect((await c.post(TOTP_AUTH, { passcode: code(secret, t.app.now()) })).statusCode).toBe(200);

    const a = t.client();
    await a.post(LOGIN, { username: 'olga', password: TEST_PASSWORD });
    const used = await a.post(TOTP_AUTH, { passcode: codes[0]!.toUpperCase() });
    expect(used.statusCode).toBe(200);
    expect((await t.auditRows('mfa.verify')).at(-1)).toMatchObject({ outcome: 'success', detail: { method: 'recovery' } });

    const b = t.client();
    await b.post(LOGIN, { username: 'olga', password: TEST_PASSWORD });
    expect((await b.post(TOTP_AUTH, { passcode: codes[0] })).statusCode).toBe(401);

    const regenerated = await a.post('/api2/Authentication-v1/MfaRecoveryCodes', { password: TEST_PASSWORD });
    expect(regenerated.statusCode).toBe(200);
    const fresh = regenerated.json().recovery_codes as string[];
    expect((await b.post(TOTP_AUTH, { passcode: codes[1] })).statusCode).toBe(401);
    expect((await b.post(TOTP_AUTH, { passcode: fresh[0] })).statusCode).toBe(200);
  });

  it('should throttle wrong codes per account', async () => {
    const { c } = await enrolNewUser('pete');
    for (let i = 0; i < 3; i += 1) expect((await c.post(TOTP_AUTH, { passcode: '000000' })).statusCode).toBe(401);
    const throttled = await c.post(TOTP_AUTH, { passcode: '000000' });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toMatchObject({ code: 'LOGIN_THROTTLED' });
    expect((await t.auditRows('mfa.throttled')).at(-1)).toMatchObject({ actor_username: 'pete' });
  });

  it('should refuse TOTPAuth without a pending sign-in', async () => {
    expect((await t.client().post(TOTP_AUTH, { passcode: '123456' })).statusCode).toBe(401);
    expect((await admin.post(TOTP_AUTH, { passcode: '123456' })).statusCode).toBe(401);
  });

  it('should let a user enrol, confirm and disable MFA for themself', async () => {
    await t.createUser(tenantId, 'quinn', ['selfServicePortal']);
    const c = t.client();
    await c.login('quinn', TEST_PASSWORD);
    expect((await c.post('/api2/Authentication-v1/MfaEnrol', { password: 'wrong' })).statusCode).toBe(400);
    const enrol = await c.post('/api2/Authentication-v1/MfaEnrol', { password: TEST_PASSWORD });
    expect(enrol.statusCode).toBe(200);
    expect((await c.get('/api2/Authentication-v1/MfaStatus')).json()).toEqual({ isEnabled: false, isSecretSet: false, isRequired: false });
    const confirm = await c.post('/api2/Authentication-v1/MfaConfirm', { passcode: code(enrol.json().secret, t.app.now()) });
    expect(confirm.json()).toEqual({ isEnabled: true, isSecretSet: true, isRequired: false });
    expect((await c.post('/api2/Authentication-v1/MfaEnrol', { password: TEST_PASSWORD })).statusCode).toBe(409);
    const again = await t.client().post(LOGIN, { username: 'quinn', password: TEST_PASSWORD });
    expect(again.json().furtherAuthenticationRequired).toEqual(['TOTP']);
    const off = await c.post('/api2/Authentication-v1/MfaDisable', { password: TEST_PASSWORD });
    expect(off.json()).toEqual({ isEnabled: false, isSecretSet: false, isRequired: false });
    expect((await t.client().post(LOGIN, { username: 'quinn', password: TEST_PASSWORD })).json().furtherAuthenticationRequired).toEqual([]);
    expect((await t.auditRows('mfa.disable')).at(-1)).toMatchObject({ actor_username: 'quinn' });
  });

  it('should let an administrator reset a user MFA (audited) and set the tenant policy; others are refused', async () => {
    const { userId, c, res } = await enrolNewUser('rita');
    expect((await c.post(TOTP_AUTH, { passcode: code(res.json().enrolment.secret, t.app.now()) })).statusCode).toBe(200);
    expect((await c.post('/api2/IDM-v1/ResetUserMfa', { userId })).statusCode).toBe(403);
    expect((await admin.post('/api2/IDM-v1/ResetUserMfa', { userId })).statusCode).toBe(204);
    expect((await admin.get(`/api2/IDM-v1/UserMfaStatus?userId=${userId}`)).json()).toEqual({ isEnabled: false, isSecretSet: false, isRequired: false });
    expect((await t.auditRows('mfa.reset')).at(-1)).toMatchObject({ actor_username: 'admin', target_id: userId });

    const other = await t.createTenant('Other');
    const { userId: foreign } = await t.createUser(other, 'sam', []);
    expect((await admin.post('/api2/IDM-v1/ResetUserMfa', { userId: foreign })).statusCode).toBe(404);

    expect((await admin.put('/api2/IDM-v1/TenantMfaPolicy', { isRequired: true })).json()).toEqual({ isRequired: true });
    expect((await t.client().post(LOGIN, { username: 'rita', password: TEST_PASSWORD })).json()).toMatchObject({ furtherAuthenticationRequired: ['TOTP'], enrolment: { accountName: 'rita' } });
    expect((await c.post('/api2/Authentication-v1/MfaDisable', { password: TEST_PASSWORD })).statusCode).toBe(409);
    await admin.put('/api2/IDM-v1/TenantMfaPolicy', { isRequired: false });
  });

  it.each([
    ['/api2/Authentication-v1/MfaEnrol', 'mfa.enrol'],
    ['/api2/Authentication-v1/MfaDisable', 'mfa.disable'],
    ['/api2/Authentication-v1/MfaRecoveryCodes', 'mfa.recovery_codes'],
  ])('should throttle password guesses through %s like sign-in (issue 18) and audit each', async (path, action) => {
    const name = `guess-${action.replace(/\W/g, '')}`;
    await t.createUser(tenantId, name, ['selfServicePortal']);
    const c = t.client({ remoteAddress: `10.4.0.${path.length}` });
    await c.login(name, TEST_PASSWORD);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await c.post(path, { password: `wrong-${i}` })).statusCode);
    // loginMaxFailuresPerAccount is 3 here: three 400s, then 429 for the rest, the right password too.
    expect(statuses.slice(0, 3)).toEqual([400, 400, 400]);
    expect(new Set(statuses.slice(3))).toEqual(new Set([429]));
    const right = await c.post(path, { password: TEST_PASSWORD });
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ code: 'LOGIN_THROTTLED' });
    const rows = (await t.auditRows(action)).filter((r) => r.actor_username === name);
    expect(rows).toHaveLength(31);
    expect(rows.every((r) => r.outcome === 'failure')).toBe(true);
    expect(rows.slice(0, 3).map((r) => r.detail.reason)).toEqual(['wrong current password', 'wrong current password', 'wrong current password']);
    expect(rows.slice(3).every((r) => r.detail.reason === 'throttled')).toBe(true);
  });

  it('should change nothing when the audit cannot be written', async () => {
    await t.createUser(tenantId, 'tom', ['selfServicePortal']);
    const c = t.client();
    await c.login('tom', TEST_PASSWORD);
    await t.breakAudit();
    try {
      const res = await c.post('/api2/Authentication-v1/MfaEnrol', { password: TEST_PASSWORD });
      expect(res.statusCode).toBe(503);
      expect(res.body).toBe('Audit failed');
    } finally {
      await t.repairAudit();
    }
    const tomId = (await t.db.selectFrom('users').select('id').where('username', '=', 'tom').executeTakeFirstOrThrow()).id;
    expect(await t.db.selectFrom('user_mfa').selectAll().where('user_id', '=', tomId).execute()).toEqual([]);
  });
});
