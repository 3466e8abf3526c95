/**
 * Issue 18, "Test every such path, including through the CLI and API keys": the grant rules hold for a
 * request made with an API key (as the CLI and CI send it, `Authorization: Bearer`, no cookie). A key acts
 * as its creator with a subset of the creator's permissions; the rules see that subset, never more.
 * Each refusal is a 403, audited under the key's name as a denied event, and nothing changes.
 */
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';

const USER = '/api2/IDM-v1/User';
const ROLE = '/api2/IDM-v1/Role';
const KEYS = '/api2/IDM-v1/ApiKeys';
const AUTH = '/api2/Authentication-v1';

describe('grant rules through API keys (issue 18)', () => {
  let t: TestContext;
  let tenantId: string;
  let adminId: string;
  let adminRoleId: string;

  beforeAll(async () => {
    t = await build();
    ({ tenantId, userId: adminId } = await t.bootstrap());
    adminRoleId = (await t.db.selectFrom('roles').select('id').where('name', '=', 'Administrator').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => t?.close());

  /** A cookie-less request with the key, as the CLI and CI send it. */
  const withKey = (key: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${key}` }, ...(body === undefined ? {} : { payload: body as object }) });
  const signIn = async (username: string) => {
    const c = t.client();
    await c.login(username, TEST_PASSWORD);
    return c;
  };
  /** A key made by `client` (a person: only a person manages keys); answers its secret and row id. */
  const keyOf = async (client: TestClient, name: string, permissions: string[]) => {
    const res = await client.post(KEYS, { name, permissions, expiresInDays: 7 });
    expect(res.statusCode).toBe(201);
    return res.json() as { secret: string; id: string };
  };
  const rolesOf = async (userId: string) =>
    (await t.db.selectFrom('user_roles').select('role_id').where('user_id', '=', userId).execute()).map((r) => r.role_id).sort();
  const roleRow = async (id: string) => t.db.selectFrom('roles').select(['permissions', 'blacklist']).where('id', '=', id).executeTakeFirstOrThrow();
  const lastDenied = async (action: string) => (await t.auditRows(action)).filter((r) => r.outcome === 'failure').at(-1);

  describe('a key holding userView + userEdit, made by a user holding only those (and apiKeyManage, to make it)', () => {
    let creatorId: string;
    let creatorRoleId: string;
    let key: string;
    beforeAll(async () => {
      ({ userId: creatorId, roleId: creatorRoleId } = await t.createUser(tenantId, 'keyeditor', ['userView', 'userEdit', 'apiKeyManage']));
      ({ secret: key } = await keyOf(await signIn('keyeditor'), 'user-bot', ['userView', 'userEdit']));
    });

    it('should not add the Administrator role to its creator (own roles): 403, audited under the key name, nothing changed', async () => {
      const res = await withKey(key, 'PUT', USER, { id: creatorId, roleIds: [creatorRoleId, adminRoleId] });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'FORBIDDEN', field: 'roleIds', message: 'You cannot change your own roles.' });
      expect(await rolesOf(creatorId)).toEqual([creatorRoleId]);
      expect(await lastDenied('user.update')).toMatchObject({ actor_username: 'user-bot', target_id: creatorId, detail: { denied: 'own-roles', roleIds: [adminRoleId] } });
    });

    it('should not add the Administrator role to anyone else: 403 naming what is missing, audited, nothing changed', async () => {
      const { userId: otherId, roleId: otherRoleId } = await t.createUser(tenantId, 'bystander', []);
      const res = await withKey(key, 'PUT', USER, { id: otherId, roleIds: [otherRoleId, adminRoleId] });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN', field: 'roleIds', message: expect.stringMatching(/^You cannot grant or remove permissions you do not hold: .*roleEdit/) });
      expect(await rolesOf(otherId)).toEqual([otherRoleId]);
      expect(await lastDenied('user.update')).toMatchObject({
        actor_username: 'user-bot',
        target_id: otherId,
        detail: { denied: 'permissions-not-held', notHeld: expect.arrayContaining(['roleEdit', 'userAdd']) },
      });
    });

    it('should not take the Administrator role away from the administrator', async () => {
      expect((await withKey(key, 'PUT', USER, { id: adminId, roleIds: [] })).statusCode).toBe(403);
      expect(await rolesOf(adminId)).toEqual([adminRoleId]);
    });
  });

  describe('a key holding fewer permissions than its creator', () => {
    let key: string;
    beforeAll(async () => {
      // The creator could grant roleView and audit; the key holds only userView + userEdit.
      await t.createUser(tenantId, 'bigcreator', ['userView', 'userEdit', 'roleView', 'audit', 'apiKeyManage']);
      ({ secret: key } = await keyOf(await signIn('bigcreator'), 'narrow-bot', ['userView', 'userEdit']));
    });

    it('should not grant a role whose permissions the creator holds but the key does not', async () => {
      const { roleId: auditorRole } = await t.createUser(tenantId, 'auditholder', ['audit', 'roleView']);
      const { userId: otherId, roleId: otherRoleId } = await t.createUser(tenantId, 'target1', []);
      const res = await withKey(key, 'PUT', USER, { id: otherId, roleIds: [otherRoleId, auditorRole] });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ field: 'roleIds', message: 'You cannot grant or remove permissions you do not hold: audit, roleView.' });
      expect(await rolesOf(otherId)).toEqual([otherRoleId]);
      expect(await lastDenied('user.update')).toMatchObject({ actor_username: 'narrow-bot', target_id: otherId, detail: { denied: 'permissions-not-held', notHeld: ['audit', 'roleView'] } });
    });

    it('should not redirect the e-mail address of an account holding what the key lacks', async () => {
      const { userId: otherId } = await t.createUser(tenantId, 'auditor2', ['audit']);
      const res = await withKey(key, 'PUT', USER, { id: otherId, emailAddress: 'bot@evil.example' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ field: 'emailAddress' });
      const row = await t.db.selectFrom('users').select('email').where('id', '=', otherId).executeTakeFirstOrThrow();
      expect(row.email).not.toBe('bot@evil.example');
      expect(await lastDenied('user.update')).toMatchObject({ actor_username: 'narrow-bot', target_id: otherId, detail: { denied: 'permissions-not-held', notHeld: ['audit'] } });
    });

    it('should still grant a role within what the key holds', async () => {
      const { roleId: viewRole } = await t.createUser(tenantId, 'viewholder', ['userView']);
      const { userId: otherId, roleId: otherRoleId } = await t.createUser(tenantId, 'target2', []);
      expect((await withKey(key, 'PUT', USER, { id: otherId, roleIds: [otherRoleId, viewRole] })).statusCode).toBe(200);
      expect(await rolesOf(otherId)).toEqual([otherRoleId, viewRole].sort());
    });
  });

  describe('a key holding roleView + roleEdit', () => {
    let ownRoleId: string;
    let key: string;
    beforeAll(async () => {
      // The creator also holds audit, which the key does not.
      ({ roleId: ownRoleId } = await t.createUser(tenantId, 'keyroler', ['roleView', 'roleEdit', 'audit', 'apiKeyManage']));
      ({ secret: key } = await keyOf(await signIn('keyroler'), 'role-bot', ['roleView', 'roleEdit']));
    });

    it("should not give its creator's role a permission the creator lacks: 403, audited, nothing changed", async () => {
      const before = await roleRow(ownRoleId);
      const res = await withKey(key, 'PUT', ROLE, { id: ownRoleId, permissions: [...before.permissions, 'userAdd', 'userEdit'] });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'FORBIDDEN', field: 'id', message: 'You cannot edit a role you hold.' });
      expect(await roleRow(ownRoleId)).toEqual(before);
      expect(await lastDenied('role.update')).toMatchObject({ actor_username: 'role-bot', target_id: ownRoleId, detail: { denied: 'own-role' } });
    });

    it('should not add to another role a permission the key lacks, even one its creator holds', async () => {
      const { roleId: otherRole } = await t.createUser(tenantId, 'roleholder', ['roleView']);
      const res = await withKey(key, 'PUT', ROLE, { id: otherRole, permissions: ['roleView', 'audit', 'userEdit'] });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ field: 'permissions', message: 'You cannot grant or remove permissions you do not hold: audit, userEdit.' });
      expect(await roleRow(otherRole)).toEqual({ permissions: ['roleView'], blacklist: [] });
      expect(await lastDenied('role.update')).toMatchObject({ actor_username: 'role-bot', target_id: otherRole, detail: { denied: 'permissions-not-held', notHeld: ['audit', 'userEdit'] } });
      expect((await withKey(key, 'PUT', ROLE, { id: adminRoleId, blacklist: ['userEdit'] })).statusCode).toBe(403);
    });
  });

  describe('keys and credentials', () => {
    let creatorId: string;
    let creator: TestClient;
    let key: string;
    let keyId: string;
    beforeAll(async () => {
      // userEdit would let a person manage another's passkeys; it does not open registration to a key.
      ({ userId: creatorId } = await t.createUser(tenantId, 'keyholder', ['userView', 'userEdit', 'ticketView', 'apiKeyView', 'apiKeyManage']));
      creator = await signIn('keyholder');
      ({ secret: key, id: keyId } = await keyOf(creator, 'cred-bot', ['userView', 'userEdit', 'ticketView']));
    });

    it('should not register a passkey for anyone, and store no challenge', async () => {
      const { userId: otherId } = await t.createUser(tenantId, 'passkeyless', []);
      const challenges = (await t.db.selectFrom('webauthn_challenges').select('id').execute()).length;
      for (const userId of [creatorId, otherId, adminId]) {
        const res = await withKey(key, 'POST', `${AUTH}/PrepareFido2Registration`, { userId });
        expect({ userId, status: res.statusCode }).toEqual({ userId, status: 403 });
      }
      expect((await withKey(key, 'POST', `${AUTH}/FinishFido2Registration`, { credentialCreationResponseJson: {} })).statusCode).toBe(403);
      expect((await t.db.selectFrom('webauthn_challenges').select('id').execute()).length).toBe(challenges);
      expect(await t.db.selectFrom('webauthn_credentials').select('id').where('user_id', 'in', [creatorId, otherId, adminId]).execute()).toEqual([]);
    });

    it('should not call ApiKeys management at all: no listing, no minting (not even a narrower key), no revoking', async () => {
      const before = (await t.db.selectFrom('api_keys').select('id').execute()).length;
      for (const [method, url, body] of [
        ['GET', KEYS],
        ['POST', KEYS, { name: 'minted-wider', permissions: ['userView', 'userEdit', 'ticketView', 'roleEdit'], expiresInDays: 7 }],
        ['POST', KEYS, { name: 'minted-admin', permissions: ['apiKeyManage'], expiresInDays: 7 }],
        ['POST', KEYS, { name: 'minted-same', permissions: ['ticketView'], expiresInDays: 7 }],
        ['DELETE', `${KEYS}/${keyId}`],
      ] as const) {
        const res = await withKey(key, method, url, body);
        expect({ method, url, status: res.statusCode }).toEqual({ method, url, status: 403 });
      }
      expect((await t.db.selectFrom('api_keys').select('id').execute()).length).toBe(before);
      // The key is not revoked by its own failed attempt, and still works within what it holds.
      expect((await withKey(key, 'GET', '/api2/IDM-v1/Users')).statusCode).toBe(200);
    });

    it('should not let a person create a key with a permission they lack (refused as input, as apikeys.routes.test.ts has it)', async () => {
      const res = await creator.post(KEYS, { name: 'too-wide', permissions: ['userView', 'roleEdit'], expiresInDays: 7 });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'permissions', message: expect.stringContaining('roleEdit') });
      expect(await t.db.selectFrom('api_keys').select('id').where('name', '=', 'too-wide').execute()).toEqual([]);
    });
  });
});
