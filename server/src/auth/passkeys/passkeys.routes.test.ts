import { build, TEST_PASSWORD, type TestContext } from '../../test-helpers/build';
import type { TestClient } from '../../test-helpers/client';
import { SoftAuthenticator } from '../../test-helpers/soft-authenticator';

const AUTH = '/api2/Authentication-v1';
const ORIGIN = 'http://localhost:80';
const RP_ID = 'localhost';

describe('passkeys', () => {
  let t: TestContext;
  let tenantId: string;
  let adminId: string;
  let admin: TestClient;

  beforeAll(async () => {
    t = await build();
    ({ tenantId, userId: adminId } = await t.bootstrap());
    admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
  });
  afterAll(async () => t?.close());

  /** Registers a new soft authenticator for `userId` through `client`. */
  async function register(client: TestClient, userId: string, authenticator = new SoftAuthenticator(), customName?: string) {
    const prepared = await client.post(`${AUTH}/PrepareFido2Registration`, { userId });
    expect(prepared.statusCode).toBe(200);
    const options = prepared.json();
    expect(options).toMatchObject({ rp: { id: RP_ID, name: 'Tessera' }, authenticatorSelection: { residentKey: 'required', userVerification: 'required' }, timeout: 600000 });
    const response = authenticator.register({ challenge: options.challenge, origin: ORIGIN, rpId: RP_ID }, options.user.id);
    const finished = await client.post(`${AUTH}/FinishFido2Registration`, { credentialCreationResponseJson: response, ...(customName ? { customName } : {}) });
    return { finished, authenticator };
  }

  async function challenge(headers: Record<string, string> = {}) {
    const res = await t.app.inject({ method: 'POST', url: `${AUTH}/PrepareFido2Authentication`, headers: { accept: 'application/x-webauthn-challenge', ...headers } });
    expect(res.statusCode).toBe(200);
    return Buffer.from(res.rawPayload).toString('base64url');
  }

  async function signIn(assertion: Record<string, unknown>, client = t.client()) {
    const res = await client.post(`${AUTH}/FinishFido2Authentication`, assertion);
    return { res, client };
  }

  it('should answer PrepareFido2Authentication with binary application/x-webauthn-challenge, without cookies or XSRF', async () => {
    const res = await t.app.inject({ method: 'POST', url: `${AUTH}/PrepareFido2Authentication`, headers: { accept: 'application/x-webauthn-challenge' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-webauthn-challenge');
    expect(res.headers['x-webauthn-rp-id']).toBe('localhost');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload).toHaveLength(32);
    const second = await t.app.inject({ method: 'POST', url: `${AUTH}/PrepareFido2Authentication` });
    expect(Buffer.compare(second.rawPayload, res.rawPayload)).not.toBe(0);
  });

  it('should register a passkey with the default name, list it, and sign in with it without a password', async () => {
    const { userId } = await t.createUser(tenantId, 'pia', []);
    const c = t.client();
    await c.login('pia', TEST_PASSWORD);
    const { finished, authenticator } = await register(c, userId);
    expect(finished.statusCode).toBe(200);
    expect(finished.json().customName).toMatch(/^Passkey \d{4}-\d{2}-\d{2}$/);
    const list = await c.post(`${AUTH}/ListFido2RegisteredCredentials`, { userId });
    expect(list.json()).toMatchObject({ username: 'pia', displayName: 'pia Test', registeredCredentials: [{ id: finished.json().id, backedUp: false, deviceType: 'singleDevice' }] });
    expect((await t.auditRows('passkey.register')).at(-1)).toMatchObject({ actor_username: 'pia', target_id: userId });

    const { res, client } = await signIn(authenticator.assert({ challenge: await challenge(), origin: ORIGIN, rpId: RP_ID }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ furtherAuthenticationRequired: [], viewer: { username: 'pia' } });
    expect((await client.get('/api/login')).json()).toMatchObject({ username: 'pia' });
    expect((await t.auditRows('login')).at(-1)).toMatchObject({ outcome: 'success', actor_username: 'pia', detail: { method: 'passkey' } });
  });

  describe('refusals', () => {
    let authenticator: SoftAuthenticator;
    beforeAll(async () => {
      const { userId } = await t.createUser(tenantId, 'quill', []);
      const c = t.client();
      await c.login('quill', TEST_PASSWORD);
      ({ authenticator } = await register(c, userId));
    });

    const expectRefused = async (assertion: Record<string, unknown>, reason: RegExp) => {
      const { res, client } = await signIn(assertion);
      expect(res.statusCode).toBe(400);
      // An anonymous caller learns nothing of why; the audit event keeps the reason.
      expect(res.json()).toEqual({ code: 'PASSKEY_FAILED', message: 'The passkey could not be verified.' });
      expect((await t.auditRows('login')).at(-1)).toMatchObject({ outcome: 'failure', detail: { method: 'passkey', reason: expect.stringMatching(reason) } });
      expect(client.cookies.has('tessera_session')).toBe(false);
    };

    it('should refuse a reused challenge', async () => {
      const c = await challenge();
      expect((await signIn(authenticator.assert({ challenge: c, origin: ORIGIN, rpId: RP_ID }))).res.statusCode).toBe(200);
      await expectRefused(authenticator.assert({ challenge: c, origin: ORIGIN, rpId: RP_ID }), /challenge/);
    });

    it('should refuse a challenge the server never gave and an expired one', async () => {
      await expectRefused(authenticator.assert({ challenge: Buffer.alloc(32, 7).toString('base64url'), origin: ORIGIN, rpId: RP_ID }), /challenge/);
      const c = await challenge();
      t.advance(600_001);
      await expectRefused(authenticator.assert({ challenge: c, origin: ORIGIN, rpId: RP_ID }), /challenge/);
    });

    it('should refuse a wrong origin', async () => {
      await expectRefused(authenticator.assert({ challenge: await challenge(), origin: 'https://evil.example', rpId: RP_ID }), /origin/i);
    });

    it('should refuse a wrong rpId', async () => {
      await expectRefused(authenticator.assert({ challenge: await challenge(), origin: ORIGIN, rpId: 'evil.example' }), /RP ID/i);
    });

    it('should refuse a lowered signature counter', async () => {
      expect((await signIn(authenticator.assert({ challenge: await challenge(), origin: ORIGIN, rpId: RP_ID }, { counter: 50 }))).res.statusCode).toBe(200);
      await expectRefused(authenticator.assert({ challenge: await challenge(), origin: ORIGIN, rpId: RP_ID }, { counter: 49 }), /counter/);
      await expectRefused(authenticator.assert({ challenge: await challenge(), origin: ORIGIN, rpId: RP_ID }, { counter: 50 }), /counter/);
    });

    it('should refuse an assertion without user verification', async () => {
      authenticator.uv = false;
      try {
        await expectRefused(authenticator.assert({ challenge: await challenge(), origin: ORIGIN, rpId: RP_ID }), /verif/i);
      } finally {
        authenticator.uv = true;
      }
    });

    it('should refuse a changed backup eligibility flag and store a changed backup state', async () => {
      authenticator.be = true;
      try {
        await expectRefused(authenticator.assert({ challenge: await challenge(), origin: ORIGIN, rpId: RP_ID }), /backup eligibility/);
      } finally {
        authenticator.be = false;
      }
      const row = await t.db.selectFrom('webauthn_credentials').select(['backed_up', 'device_type']).where('credential_id', '=', authenticator.id).executeTakeFirstOrThrow();
      expect(row).toEqual({ backed_up: false, device_type: 'singleDevice' });
    });

    it('should validate the assertion body like every other: extra fields and malformed ids name the field, nothing is spent', async () => {
      const c = await challenge();
      const good = authenticator.assert({ challenge: c, origin: ORIGIN, rpId: RP_ID });
      const cases: [Record<string, unknown>, string][] = [
        [{ ...good, extra: 1 }, 'extra'],
        [{ ...good, id: 'not base64url!' }, 'id'],
        [{ ...good, rawId: 42 }, 'rawId'],
        [{ ...good, type: 'password' }, 'type'],
        [{ ...good, response: { ...(good.response as object), clientDataJSON: 'a+b/c=' } }, 'response.clientDataJSON'],
        [{ ...good, response: { ...(good.response as object), more: 'x' } }, 'response.more'],
      ];
      const before = (await t.auditRows('login')).length;
      for (const [body, field] of cases) {
        const res = (await signIn(body)).res;
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ code: 'VALIDATION', field });
      }
      // Rejected before any work: no audit event, and the challenge is still good for the real assertion.
      expect(await t.auditRows('login')).toHaveLength(before);
      expect((await signIn(good)).res.statusCode).toBe(200);
    });

    it('should refuse a credential of another tenant', async () => {
      const other = await t.createTenant('Other', ['other.test']);
      const { userId } = await t.createUser(other, 'rex', []);
      const c = t.client();
      const login = await c.post(`${AUTH}/login`, { username: 'rex', password: TEST_PASSWORD }, { headers: { host: 'other.test' } });
      expect(login.statusCode).toBe(200);
      const prepared = (await c.post(`${AUTH}/PrepareFido2Registration`, { userId }, { headers: { host: 'other.test' } })).json();
      const foreign = new SoftAuthenticator();
      const reg = foreign.register({ challenge: prepared.challenge, origin: 'http://other.test', rpId: 'other.test' }, prepared.user.id);
      expect((await c.post(`${AUTH}/FinishFido2Registration`, { credentialCreationResponseJson: reg }, { headers: { host: 'other.test' } })).statusCode).toBe(200);
      // The challenge is Acme's (host localhost); rex's credential belongs to Other.
      await expectRefused(foreign.assert({ challenge: await challenge(), origin: ORIGIN, rpId: RP_ID }), /unknown credential/);
      expect((await t.auditRows('login')).at(-1)).toMatchObject({ outcome: 'failure', tenant_id: tenantId, detail: { method: 'passkey', reason: 'unknown credential' } });
    });
  });

  it('should refuse a registration with a reused challenge or a wrong origin', async () => {
    const { userId } = await t.createUser(tenantId, 'sol', []);
    const c = t.client();
    await c.login('sol', TEST_PASSWORD);
    const options = (await c.post(`${AUTH}/PrepareFido2Registration`, { userId })).json();
    const bad = new SoftAuthenticator().register({ challenge: options.challenge, origin: 'https://evil.example', rpId: RP_ID }, options.user.id);
    expect((await c.post(`${AUTH}/FinishFido2Registration`, { credentialCreationResponseJson: bad })).statusCode).toBe(400);
    const again = new SoftAuthenticator().register({ challenge: options.challenge, origin: ORIGIN, rpId: RP_ID }, options.user.id);
    expect((await c.post(`${AUTH}/FinishFido2Registration`, { credentialCreationResponseJson: again })).json()).toMatchObject({ code: 'PASSKEY_FAILED' });
  });

  it('should let the owner rename and delete, an administrator manage another user, and refuse others', async () => {
    const { userId } = await t.createUser(tenantId, 'tess', []);
    const { userId: otherId } = await t.createUser(tenantId, 'uma', []);
    const c = t.client();
    await c.login('tess', TEST_PASSWORD);
    const { finished } = await register(c, userId, undefined, 'Laptop');
    const id = finished.json().id as string;
    expect(finished.json().customName).toBe('Laptop');
    expect((await c.post(`${AUTH}/RenameFido2RegisteredCredential`, { userId, id, newCustomName: 'Work laptop' })).json()).toMatchObject({ customName: 'Work laptop' });
    expect((await c.post(`${AUTH}/ListFido2RegisteredCredentials`, { userId: otherId })).statusCode).toBe(403);
    expect((await c.post(`${AUTH}/PrepareFido2Registration`, { userId: otherId })).statusCode).toBe(403);
    expect((await admin.post(`${AUTH}/ListFido2RegisteredCredentials`, { userId })).json().registeredCredentials).toHaveLength(1);
    expect((await admin.post(`${AUTH}/DeleteFido2RegisteredCredential`, { userId: otherId, id })).statusCode).toBe(404);
    expect((await admin.post(`${AUTH}/DeleteFido2RegisteredCredential`, { userId, id })).statusCode).toBe(204);
    expect((await c.post(`${AUTH}/ListFido2RegisteredCredentials`, { userId })).json().registeredCredentials).toEqual([]);
    expect((await t.auditRows('passkey.delete')).at(-1)).toMatchObject({ actor_username: 'admin', target_id: userId });
    expect(adminId).toBeTruthy();
  });

  it('should never register a passkey on another account, even with userEdit, and sign in as it (issue 18); deleting one (reset) stays allowed', async () => {
    const { userId: editorId } = await t.createUser(tenantId, 'helpdesk', ['userView', 'userEdit']);
    const c = t.client();
    await c.login('helpdesk', TEST_PASSWORD);
    const prepared = await c.post(`${AUTH}/PrepareFido2Registration`, { userId: adminId });
    expect(prepared.statusCode).toBe(403);
    expect(prepared.json()).toMatchObject({ code: 'FORBIDDEN', field: 'userId', message: expect.stringMatching(/registered only by the account holder/) });
    expect((await t.auditRows('passkey.register')).at(-1)).toMatchObject({ outcome: 'failure', actor_username: 'helpdesk', target_id: adminId, detail: { denied: 'credential-of-another' } });
    // A registration challenge of its own cannot be finished onto the administrator either: it is bound to the helpdesk user.
    const own = (await c.post(`${AUTH}/PrepareFido2Registration`, { userId: editorId })).json();
    const authenticator = new SoftAuthenticator();
    const reg = authenticator.register({ challenge: own.challenge, origin: ORIGIN, rpId: RP_ID }, Buffer.from(adminId).toString('base64url'));
    await c.post(`${AUTH}/FinishFido2Registration`, { credentialCreationResponseJson: reg });
    expect((await admin.post(`${AUTH}/ListFido2RegisteredCredentials`, { userId: adminId })).json().registeredCredentials).toEqual([]);
    const signedIn = await signIn(authenticator.assert({ challenge: await challenge(), origin: ORIGIN, rpId: RP_ID }));
    expect(signedIn.res.statusCode === 200 ? signedIn.res.json().viewer.username : null).not.toBe('admin');
    // Reset: the administrator's own passkey can be deleted by userEdit.
    const { finished } = await register(admin, adminId);
    expect((await c.post(`${AUTH}/DeleteFido2RegisteredCredential`, { userId: adminId, id: finished.json().id })).statusCode).toBe(204);
    expect((await t.auditRows('passkey.delete')).at(-1)).toMatchObject({ actor_username: 'helpdesk', target_id: adminId });
  });

  describe('synced FIDO credentials', () => {
    it('should get, rename, mark for deletion (which stops sign-in) and delete a synced passkey; refuse a device-bound one', async () => {
      const { userId } = await t.createUser(tenantId, 'vic', []);
      const c = t.client();
      await c.login('vic', TEST_PASSWORD);
      const { finished, authenticator } = await register(c, userId, new SoftAuthenticator({ be: true, bs: true }));
      const credentialId = finished.json().id as string;
      expect(finished.json()).toMatchObject({ backedUp: true, deviceType: 'multiDevice' });
      expect((await c.post('/api2/CMS-v2/GetFido2SyncedCredential', { credentialId })).statusCode).toBe(403);
      expect((await admin.post('/api2/CMS-v2/GetFido2SyncedCredential', { credentialId })).json()).toMatchObject({ credentialId, username: 'vic', markedForDeletion: false });
      // The backup state (BS) may change between assertions; it is stored.
      authenticator.bs = false;
      expect((await signIn(authenticator.assert({ challenge: await challenge(), origin: ORIGIN, rpId: RP_ID }))).res.statusCode).toBe(200);
      expect((await c.post(`${AUTH}/ListFido2RegisteredCredentials`, { userId })).json().registeredCredentials[0]).toMatchObject({ backedUp: false });
      authenticator.bs = true;
      expect((await signIn(authenticator.assert({ challenge: await challenge(), origin: ORIGIN, rpId: RP_ID }))).res.statusCode).toBe(200);
      expect((await admin.request('PATCH', '/api2/CMS-v2/RenameFido2SyncedCredential', { body: { credentialId, newCustomName: 'Phone' } })).json()).toMatchObject({ customName: 'Phone' });
      expect((await admin.post('/api2/CMS-v2/MarkFido2SyncedCredentialForDeletion', { credentialId, markedForDeletion: true })).json()).toMatchObject({ markedForDeletion: true });
      expect((await signIn(authenticator.assert({ challenge: await challenge(), origin: ORIGIN, rpId: RP_ID }))).res.json()).toEqual({ code: 'PASSKEY_FAILED', message: 'The passkey could not be verified.' });
      expect((await t.auditRows('login')).at(-1)).toMatchObject({ outcome: 'failure', detail: { method: 'passkey', reason: 'passkey marked for deletion' } });
      expect((await admin.request('DELETE', '/api2/CMS-v2/Fido2SyncedCredential', { body: { credentialId } })).statusCode).toBe(204);
      expect((await admin.post('/api2/CMS-v2/GetFido2SyncedCredential', { credentialId })).statusCode).toBe(404);
      expect((await t.auditRows('fido.synced.delete')).at(-1)).toMatchObject({ target_id: credentialId });

      const { finished: bound } = await register(c, userId);
      expect((await admin.post('/api2/CMS-v2/GetFido2SyncedCredential', { credentialId: bound.json().id })).statusCode).toBe(404);
    });

    it('should change nothing when the audit cannot be written', async () => {
      const { userId } = await t.createUser(tenantId, 'wes', []);
      const c = t.client();
      await c.login('wes', TEST_PASSWORD);
      await t.breakAudit();
      try {
        const { finished } = await register(c, userId);
        expect(finished.statusCode).toBe(503);
      } finally {
        await t.repairAudit();
      }
      expect((await c.post(`${AUTH}/ListFido2RegisteredCredentials`, { userId })).json().registeredCredentials).toEqual([]);
    });
  });
});
