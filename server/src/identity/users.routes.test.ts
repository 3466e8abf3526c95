import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';

const USERS = '/api2/IDM-v1/Users';
const USER = '/api2/IDM-v1/User';

describe('IDM-v1 users', () => {
  let t: TestContext;
  let tenantId: string;
  let adminId: string;
  let admin: TestClient;
  let otherTenantUserId: string;
  let otherTenantRoleId: string;
  let viewerRoleId: string;

  const newUser = (username: string) => ({
    username,
    password: TEST_PASSWORD,
    givenName: 'Given',
    familyName: 'Family',
    emailAddress: `${username}@acme.test`,
    roleIds: [viewerRoleId],
  });
  const userCount = async () => (await t.db.selectFrom('users').select('id').execute()).length;

  beforeAll(async () => {
    t = await build();
    ({ tenantId, userId: adminId } = await t.bootstrap());
    admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    ({ roleId: viewerRoleId } = await t.createUser(tenantId, 'viewonly', ['userView']));
    const other = await t.createTenant('Globex', ['globex.example']);
    ({ userId: otherTenantUserId, roleId: otherTenantRoleId } = await t.createUser(other, 'globexuser', ['userView', 'userEdit']));
  });
  afterAll(async () => t?.close());

  describe('GET Users', () => {
    it('should page, search and sort the tenant users only', async () => {
      for (const name of ['carol', 'bob', 'alice']) expect((await admin.post(USER, newUser(name))).statusCode).toBe(201);
      const page = (await admin.get(`${USERS}?take=2&skip=0&sortField=username&sortDirection=asc`)).json();
      expect(page.totalResults).toBe(5);
      expect(page.results.map((u: { username: string }) => u.username)).toEqual(['admin', 'alice']);
      const next = (await admin.get(`${USERS}?take=2&skip=2`)).json();
      expect(next.results.map((u: { username: string }) => u.username)).toEqual(['bob', 'carol']);
      const desc = (await admin.get(`${USERS}?sortField=username&sortDirection=desc&take=1`)).json();
      expect(desc.results[0].username).toBe('viewonly');
      const search = (await admin.get(`${USERS}?search=ALI`)).json();
      expect(search).toMatchObject({ totalResults: 1, results: [{ username: 'alice', roleIds: [viewerRoleId] }] });
      const all = (await admin.get(`${USERS}?take=100`)).json();
      expect(all.results.map((u: { username: string }) => u.username)).not.toContain('globexuser');
      expect(JSON.stringify(all)).not.toMatch(/argon2|password/);
      expect((await admin.get(`${USERS}?search=${encodeURIComponent('%')}`)).json().totalResults).toBe(0);
    });

    it.each([
      ['take=0', 'take', 'take must be at least 1'],
      ['take=abc', 'take', 'take must be an integer'],
      ['sortField=password_hash', 'sortField', undefined],
      ['search=%07', 'search', 'search must not contain control characters'],
      ['bogus=1', 'bogus', 'bogus is not allowed'],
    ])('should answer 400 for %s', async (query, field, message) => {
      const res = await admin.get(`${USERS}?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', field, ...(message ? { message } : {}) });
    });

    it('should answer 401 without a session and 403 without userView', async () => {
      expect((await t.client().get(USERS)).body).toBe('not_logged_in');
      await t.createUser(tenantId, 'noperm', ['roleView']);
      const c = t.client();
      await c.login('noperm', TEST_PASSWORD);
      const res = await c.get(USERS);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    });

    it('should apply the blacklist to permissions', async () => {
      await t.createUser(tenantId, 'blacklisted', ['userView', 'roleView'], { blacklist: ['userView'] });
      const c = t.client();
      await c.login('blacklisted', TEST_PASSWORD);
      expect((await c.get(USERS)).statusCode).toBe(403);
      expect((await c.get('/api2/IDM-v1/Roles')).statusCode).toBe(200);
    });
  });

  describe('GET User', () => {
    it('should answer a user of the tenant', async () => {
      const res = await admin.get(`${USER}?id=${adminId}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: adminId, username: 'admin', enabled: true });
    });

    it('should answer 404 for another tenant and an unknown id alike, 400 for a malformed id', async () => {
      const other = await admin.get(`${USER}?id=${otherTenantUserId}`);
      const unknown = await admin.get(`${USER}?id=00000000-0000-4000-8000-000000000000`);
      expect(other.statusCode).toBe(404);
      expect(other.json()).toEqual(unknown.json());
      expect(other.json().code).toBe('NOT_FOUND');
      const bad = await admin.get(`${USER}?id=nope`);
      expect(bad.json()).toEqual({ code: 'VALIDATION', field: 'id', message: 'id must be a UUID' });
      expect((await admin.get(USER)).json()).toMatchObject({ field: 'id', message: 'id is required' });
    });
  });

  describe('POST User', () => {
    it('should create a user, audited, and the user can sign in', async () => {
      const res = await admin.post(USER, newUser('dave'));
      expect(res.statusCode).toBe(201);
      const created = res.json();
      expect(created).toMatchObject({ username: 'dave', givenName: 'Given', familyName: 'Family', emailAddress: 'dave@acme.test', enabled: true, roleIds: [viewerRoleId] });
      expect((await t.auditRows('user.create')).at(-1)).toMatchObject({ target_id: created.id, actor_username: 'admin', tenant_id: tenantId });
      const c = t.client();
      await c.login('dave', TEST_PASSWORD);
      expect((await c.get(USERS)).statusCode).toBe(200);
    });

    it('should answer 409 for a taken username (case-insensitive)', async () => {
      const before = await userCount();
      const res = await admin.post(USER, newUser('DAVE'));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'CONFLICT', field: 'username' });
      expect(await userCount()).toBe(before);
    });

    it.each([
      ['a missing field', (b: Record<string, unknown>) => ({ ...b, givenName: undefined }), 'givenName', 'givenName is required'],
      ['a wrong type', (b: Record<string, unknown>) => ({ ...b, roleIds: 'x' }), 'roleIds', 'roleIds must be an array'],
      ['a bad role id', (b: Record<string, unknown>) => ({ ...b, roleIds: ['x'] }), 'roleIds.0', 'roleIds.0 must be a UUID'],
      ['a control character', (b: Record<string, unknown>) => ({ ...b, familyName: 'a\u001bb' }), 'familyName', 'familyName must not contain control characters'],
      ['a forbidden username', (b: Record<string, unknown>) => ({ ...b, username: 'a#b' }), 'username', "The character '#' is not allowed in usernames."],
      ['a non-ASCII username', (b: Record<string, unknown>) => ({ ...b, username: 'zoë' }), 'username', 'The username contains an invalid character.'],
      ['another tenant role', (b: Record<string, unknown>) => ({ ...b, roleIds: [otherTenantRoleId] }), 'roleIds.0', 'roleIds.0 is not a role of this tenant'],
    ])('should answer 400 for %s and create nothing', async (_name, change, field, message) => {
      const before = await userCount();
      const res = await admin.post(USER, change(newUser('erin')));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'VALIDATION', field, message });
      expect(await userCount()).toBe(before);
    });

    it('should answer 413 for a body over 1 MiB', async () => {
      const res = await admin.post(USER, { ...newUser('big'), givenName: 'x'.repeat(1_100_000) });
      expect(res.statusCode).toBe(413);
      expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
    });

    it('should answer 403 without CSRF or userAdd, 401 without a session', async () => {
      expect((await admin.post(USER, newUser('frank'), { xsrf: false })).statusCode).toBe(403);
      const c = t.client();
      await c.login('viewonly', TEST_PASSWORD);
      expect((await c.post(USER, newUser('frank'))).json().code).toBe('FORBIDDEN');
      expect((await t.client().post(USER, newUser('frank'))).body).toBe('not_logged_in');
      expect(await t.db.selectFrom('users').where('username', '=', 'frank').select('id').execute()).toHaveLength(0);
    });

    it('should answer 503 Audit failed and create nothing when the audit write fails', async () => {
      await t.breakAudit();
      try {
        const res = await admin.post(USER, newUser('gina'));
        expect(res.statusCode).toBe(503);
        expect(res.body).toBe('Audit failed');
      } finally {
        await t.repairAudit();
      }
      expect(await t.db.selectFrom('users').where('username', '=', 'gina').select('id').execute()).toHaveLength(0);
    });
  });

  describe('PUT User', () => {
    let daveId: string;
    beforeAll(async () => {
      daveId = (await admin.post(USER, newUser('henry'))).json().id;
    });

    it('should update fields and roles, audited', async () => {
      const res = await admin.put(USER, { id: daveId, givenName: 'Hank', roleIds: [], currentPassword: TEST_PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: daveId, givenName: 'Hank', familyName: 'Family', roleIds: [] });
      expect((await t.auditRows('user.update')).at(-1)).toMatchObject({ target_id: daveId, detail: { changed: ['givenName', 'roleIds'] } });
    });

    it('should end the sessions of a disabled user', async () => {
      const c = t.client();
      await c.login('henry', TEST_PASSWORD);
      expect((await c.post('/api2/Authentication-v1/check-session')).statusCode).toBe(200);
      expect((await admin.put(USER, { id: daveId, enabled: false })).json().enabled).toBe(false);
      expect((await c.post('/api2/Authentication-v1/check-session')).statusCode).toBe(401);
      expect((await t.client().post('/api2/Authentication-v1/login', { username: 'henry', password: TEST_PASSWORD })).statusCode).toBe(401);
    });

    it('should let a self-service user change only their own names and e-mail', async () => {
      const { userId } = await t.createUser(tenantId, 'selfie', ['selfServicePortal']);
      const c = t.client();
      await c.login('selfie', TEST_PASSWORD);
      const own = await c.put(USER, { id: userId, familyName: 'Portrait' });
      expect(own.statusCode).toBe(200);
      expect(own.json().familyName).toBe('Portrait');
      expect((await c.put(USER, { id: userId, enabled: false })).statusCode).toBe(403);
      expect((await c.put(USER, { id: adminId, givenName: 'Pwned' })).statusCode).toBe(403);
      const adminRow = await t.db.selectFrom('users').select('given_name').where('id', '=', adminId).executeTakeFirstOrThrow();
      expect(adminRow.given_name).not.toBe('Pwned');
    });

    it('should answer 404 for another tenant user, 400 for bad input, 403 without permission or CSRF', async () => {
      expect((await admin.put(USER, { id: otherTenantUserId, givenName: 'X' })).statusCode).toBe(404);
      const otherRow = await t.db.selectFrom('users').select('given_name').where('id', '=', otherTenantUserId).executeTakeFirstOrThrow();
      expect(otherRow.given_name).toBe('globexuser');
      expect((await admin.put(USER, { id: daveId, enabled: 'yes' })).json()).toEqual({ code: 'VALIDATION', field: 'enabled', message: 'enabled must be a boolean' });
      expect((await admin.put(USER, { givenName: 'x' })).json()).toMatchObject({ field: 'id', message: 'id is required' });
      expect((await admin.put(USER, { id: daveId, givenName: 'x' }, { xsrf: false })).json().code).toBe('CSRF');
      const c = t.client();
      await c.login('viewonly', TEST_PASSWORD);
      expect((await c.put(USER, { id: daveId, givenName: 'x' })).statusCode).toBe(403);
    });

    it('should answer 503 Audit failed and change nothing when the audit write fails', async () => {
      await t.breakAudit();
      try {
        expect((await admin.put(USER, { id: adminId, familyName: 'Changed' })).body).toBe('Audit failed');
      } finally {
        await t.repairAudit();
      }
      const row = await t.db.selectFrom('users').select('family_name').where('id', '=', adminId).executeTakeFirstOrThrow();
      expect(row.family_name).not.toBe('Changed');
    });
  });
});
