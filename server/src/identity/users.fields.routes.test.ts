import { MESSAGES } from '@tessera/domain';
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';

const USER = '/api2/IDM-v1/User';
const ORG = '/api2/IDM-v1/Organisation';
const PROTECTED = 'A protected field was modified. Please re-enter the existing password';

describe('IDM-v1 users: record fields, protected fields, self-service and delete (issue 13)', () => {
  let t: TestContext;
  let tenantId: string;
  let adminId: string;
  let admin: TestClient;
  let roleId: string;
  let orgId: string;
  let globex: TestClient;
  const GLOBEX = { headers: { host: 'globex.test' } };

  const newUser = (username: string, extra: Record<string, unknown> = {}) => ({
    username,
    password: TEST_PASSWORD,
    givenName: 'Given',
    familyName: 'Family',
    emailAddress: `${username}@acme.test`,
    roleIds: [],
    ...extra,
  });

  beforeAll(async () => {
    t = await build();
    ({ tenantId, userId: adminId } = await t.bootstrap());
    admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    ({ roleId } = await t.createUser(tenantId, 'someone', ['userView']));
    orgId = (await admin.post(ORG, { name: 'Acme', type: 'company' })).json().id;
    const other = await t.createTenant('Globex', ['globex.test']);
    await t.createUser(other, 'globexadmin', ['userView', 'userEdit', 'userDelete']);
    globex = t.client();
    await globex.request('POST', '/api2/Authentication-v1/login', { body: { username: 'globexadmin', password: TEST_PASSWORD }, headers: GLOBEX.headers });
  });
  afterAll(async () => t?.close());

  it('should store the signin §3 categories, organisation, directory data and a blank default country', async () => {
    const res = await admin.post(
      USER,
      newUser('cat1', {
        organisationId: orgId,
        telephoneNumber: '+61 2 5550 1234',
        directory: { csn: '04A1B2C3', tempCsn: null, tempCsnExpiry: '2026-12-31T00:00:00Z', pager: '555', uid: 'cat1' },
        categories: { personal: { title: 'Dr', mobile: '0400 000 000' }, passType: { passType: 'Contractor', cardExpiryDate: '2027-01-31' }, privileges: { slipRoadAccess: true } },
      }),
    );
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({
      organisationId: orgId,
      organisationName: 'Acme',
      telephoneNumber: '+61 2 5550 1234',
      country: '',
      directory: { csn: '04A1B2C3', tempCsn: null, tempCsnExpiry: '2026-12-31T00:00:00.000Z', pager: '555', uid: 'cat1', distinguishedName: null, displayName: expect.any(String) },
      categories: { personal: { title: 'Dr', mobile: '0400 000 000' }, passType: { passType: 'Contractor', cardExpiryDate: '2027-01-31' }, privileges: { slipRoadAccess: true }, medical: {}, vehicles: {} },
      hasPhoto: false,
      loginDetails: { failedLogins: 0, lastSuccessfulLogin: null },
    });
    const row = await t.db.selectFrom('users').select(['organisation_id', 'personal', 'country']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ organisation_id: orgId, personal: { title: 'Dr', mobile: '0400 000 000' }, country: '' });
    // A category sent replaces that category's document only.
    const edited = (await admin.put(USER, { id: user.id, categories: { vehicles: { registration: 'ABC123' } }, country: 'Australia' })).json();
    expect(edited.categories).toMatchObject({ personal: { title: 'Dr' }, vehicles: { registration: 'ABC123' } });
    expect(edited.country).toBe('Australia');
    expect((await admin.get(`${USER}?id=${user.id}`)).json().organisationName).toBe('Acme');
  });

  it.each([
    ['fail/unknown category field', { categories: { personal: { shoeSize: '9' } } }, 'categories.personal.shoeSize'],
    ['fail/unknown category', { categories: { pets: {} } }, 'categories.pets'],
    ['fail/control character in a category text', { categories: { medical: { witness: 'a\u0001b' } } }, 'categories.medical.witness'],
    ['fail/date not YYYY-MM-DD', { categories: { passType: { commencementDate: '31/01/2027' } } }, 'categories.passType.commencementDate'],
    ['fail/flag not a boolean', { categories: { privileges: { canSponsor: 'yes' } } }, 'categories.privileges.canSponsor'],
    ['fail/tempCsnExpiry not a date-time', { directory: { tempCsnExpiry: 'tomorrow' } }, 'directory.tempCsnExpiry'],
    ['fail/unknown organisation', { organisationId: '00000000-0000-4000-8000-000000000000' }, 'organisationId'],
  ])('%s → 400 naming the field, nothing written', async (_name, extra, field) => {
    const before = (await t.db.selectFrom('users').select('id').execute()).length;
    const res = await admin.post(USER, newUser(`bad${Math.floor(Math.random() * 1e6)}`, extra));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', field: expect.stringContaining(field.split('.').slice(-1)[0]!) });
    expect((await t.db.selectFrom('users').select('id').execute()).length).toBe(before);
  });

  describe('protected fields', () => {
    let id: string;
    beforeAll(async () => {
      id = (await admin.post(USER, newUser('prot1'))).json().id;
    });

    it.each([
      ['username', { username: 'prot1renamed' }],
      ['e-mail', { emailAddress: 'new@acme.test' }],
      ['roles', { roleIds: ['ROLE'] }],
      ['organisation', { organisationId: 'ORG' }],
    ])('should ask for the password again when the %s changes, and change nothing', async (_what, change) => {
      const body = JSON.parse(JSON.stringify({ id, ...change }).replace('"ROLE"', JSON.stringify(roleId)).replace('"ORG"', JSON.stringify(orgId)));
      const before = await t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const res = await admin.put(USER, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'VALIDATION', field: 'currentPassword', message: PROTECTED });
      expect(await t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow()).toEqual(before);
    });

    it('should refuse a wrong password (audited failure) and accept the right one (audited with the fields)', async () => {
      const wrong = await admin.put(USER, { id, emailAddress: 'new@acme.test', currentPassword: 'not my password' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ field: 'currentPassword', message: MESSAGES.PASSWORD_CURRENT_WRONG });
      expect((await t.auditRows('user.update')).at(-1)).toMatchObject({ outcome: 'failure', detail: { reason: 'wrong current password' } });
      const ok = await admin.put(USER, { id, username: 'prot1renamed', emailAddress: 'new@acme.test', roleIds: [roleId], organisationId: orgId, currentPassword: TEST_PASSWORD });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ username: 'prot1renamed', emailAddress: 'new@acme.test', roleIds: [roleId], organisationId: orgId });
      expect((await t.auditRows('user.update')).at(-1)).toMatchObject({ outcome: 'success', detail: { protectedFields: ['username', 'emailAddress', 'roleIds', 'organisationId'] } });
      // Same values again: nothing protected changes, no password asked.
      expect((await admin.put(USER, { id, emailAddress: 'NEW@acme.test', givenName: 'G2' })).statusCode).toBe(200);
    });

    it('should apply the username rules of §5 and refuse a duplicate on rename', async () => {
      const slash = await admin.put(USER, { id, username: 'a/b', currentPassword: TEST_PASSWORD });
      expect(slash.json()).toMatchObject({ field: 'username', message: "The character '/' is not allowed in usernames." });
      const blank = await admin.put(USER, { id, username: '   ', currentPassword: TEST_PASSWORD });
      expect(blank.json()).toMatchObject({ field: 'username', message: 'No Username entered.' });
      const dup = await admin.put(USER, { id, username: 'SOMEONE', currentPassword: TEST_PASSWORD });
      expect(dup.statusCode).toBe(409);
      expect(dup.json()).toMatchObject({ field: 'username' });
    });
  });

  describe('self-service and userEdit', () => {
    it('should let a user without userEdit edit themself with selfServicePortal but nobody else', async () => {
      const { userId } = await t.createUser(tenantId, 'selfy', ['selfServicePortal']);
      const self = t.client();
      await self.login('selfy', TEST_PASSWORD);
      const own = await self.put(USER, { id: userId, givenName: 'Selfy', telephoneNumber: '123' });
      expect(own.statusCode).toBe(200);
      expect(own.json()).toMatchObject({ givenName: 'Selfy', telephoneNumber: '123' });
      // E-mail is protected: their own password is asked.
      expect((await self.put(USER, { id: userId, emailAddress: 'selfy2@acme.test' })).json()).toMatchObject({ field: 'currentPassword', message: PROTECTED });
      expect((await self.put(USER, { id: userId, emailAddress: 'selfy2@acme.test', currentPassword: TEST_PASSWORD })).json().emailAddress).toBe('selfy2@acme.test');
      // Other fields of their own record and anyone else's record are refused.
      expect((await self.put(USER, { id: userId, country: 'NZ' })).statusCode).toBe(403);
      expect((await self.put(USER, { id: adminId, givenName: 'Hacked' })).statusCode).toBe(403);
      expect((await t.db.selectFrom('users').select('given_name').where('id', '=', adminId).executeTakeFirstOrThrow()).given_name).toBe('');
    });
  });

  describe('delete', () => {
    it('should delete a user (audited), refuse oneself, and need userDelete', async () => {
      const id = (await admin.post(USER, newUser('gone1'))).json().id;
      const noPerm = t.client();
      await t.createUser(tenantId, 'editoronly', ['userEdit', 'userView']);
      await noPerm.login('editoronly', TEST_PASSWORD);
      expect((await noPerm.request('DELETE', `${USER}?id=${id}`)).statusCode).toBe(403);
      const res = await admin.request('DELETE', `${USER}?id=${id}`);
      expect(res.statusCode).toBe(204);
      expect((await admin.get(`${USER}?id=${id}`)).statusCode).toBe(404);
      expect((await t.auditRows('user.delete')).at(-1)).toMatchObject({ target_id: id, detail: { username: 'gone1' } });
      const self = await admin.request('DELETE', `${USER}?id=${adminId}`);
      expect(self.json()).toMatchObject({ field: 'id', message: 'You cannot delete your own account.' });
    });
  });

  describe('tenants apart', () => {
    it('should not let tenant B read, change or delete tenant A users', async () => {
      const id = (await admin.post(USER, newUser('private1'))).json().id;
      expect((await globex.get(`${USER}?id=${id}`, GLOBEX)).statusCode).toBe(404);
      expect((await globex.put(USER, { id, givenName: 'Stolen' }, GLOBEX)).statusCode).toBe(404);
      expect((await globex.request('DELETE', `${USER}?id=${id}`, GLOBEX)).statusCode).toBe(404);
      expect((await globex.get('/api2/IDM-v1/Users?take=100', GLOBEX)).json().results.map((u: { username: string }) => u.username)).not.toContain('private1');
      // Nor put their user into our organisation.
      const theirs = (await globex.get('/api2/IDM-v1/Users', GLOBEX)).json().results[0].id;
      expect((await globex.put(USER, { id: theirs, organisationId: orgId, currentPassword: TEST_PASSWORD }, GLOBEX)).json()).toMatchObject({ field: 'organisationId' });
      expect((await admin.get(`${USER}?id=${id}`)).json().givenName).toBe('Given');
    });
  });
});
