import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';

const ORGS = '/api2/IDM-v1/Organisations';
const ORG = '/api2/IDM-v1/Organisation';
const PERMS = '/api2/IDM-v1/OrganisationPermissions';
const VALID_ABN = '51 824 753 556';

describe('IDM-v1 organisations', () => {
  let t: TestContext;
  let tenantId: string;
  let admin: TestClient;
  let globex: TestClient;
  const GLOBEX = { headers: { host: 'globex.test' } };

  beforeAll(async () => {
    t = await build();
    ({ tenantId } = await t.bootstrap());
    admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    const other = await t.createTenant('Globex', ['globex.test']);
    await t.createUser(other, 'globexadmin', ['orgView', 'orgAdd', 'orgEdit', 'orgTree']);
    globex = t.client();
    await globex.request('POST', '/api2/Authentication-v1/login', { body: { username: 'globexadmin', password: TEST_PASSWORD }, headers: GLOBEX.headers });
  });
  afterAll(async () => t?.close());

  const create = (body: Record<string, unknown>) => admin.post(ORG, body);

  it('should add, read, list and edit an organisation with a verified ABN, audited', async () => {
    const res = await create({ name: ' Acme ', type: 'company', businessNumber: VALID_ABN });
    expect(res.statusCode).toBe(201);
    const acme = res.json();
    expect(acme).toMatchObject({ name: 'Acme', type: 'company', parentId: null, businessNumber: '51824753556', businessNumberScheme: 'abn', memberCount: 0 });
    expect(acme.businessNumberVerifiedAt).toEqual(expect.any(String));
    const sales = (await create({ name: 'Sales', type: 'department', parentId: acme.id })).json();
    expect(sales).toMatchObject({ parentId: acme.id, parentName: 'Acme', businessNumber: null });
    expect((await admin.get(`${ORG}?id=${sales.id}`)).json()).toMatchObject({ name: 'Sales', parentName: 'Acme' });
    const list = (await admin.get(`${ORGS}?search=sal`)).json();
    expect(list).toMatchObject({ totalResults: 1, results: [{ name: 'Sales' }] });
    const edited = await admin.put(ORG, { id: sales.id, name: 'Sales EMEA', type: 'division' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Sales EMEA', type: 'division', parentId: acme.id });
    expect((await t.auditRows('organisation.create')).map((r) => r.detail.name)).toEqual(expect.arrayContaining(['Acme', 'Sales']));
    expect((await t.auditRows('organisation.update')).at(-1)).toMatchObject({ target_id: sales.id, detail: { changed: ['name', 'type'] } });
  });

  it('should refuse a duplicate name, case-insensitively, with the message, on add and on edit', async () => {
    await create({ name: 'Initech', type: 'company' });
    const dup = await create({ name: 'INITECH', type: 'team' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ code: 'CONFLICT', field: 'name', message: 'An organisation with this name already exists.' });
    const other = (await create({ name: 'Hooli', type: 'company' })).json();
    const rename = await admin.put(ORG, { id: other.id, name: 'initech' });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().message).toBe('An organisation with this name already exists.');
    // Another tenant may use the same name.
    expect((await globex.post(ORG, { name: 'Initech', type: 'company' }, GLOBEX)).statusCode).toBe(201);
  });

  it.each([
    ['fail/blank name', { name: '   ', type: 'company' }, 'name', 'name must not be blank'],
    ['fail/empty name', { name: '', type: 'company' }, 'name', undefined],
    ['fail/control character', { name: 'A\u0007B', type: 'company' }, 'name', undefined],
    ['fail/name too long', { name: 'x'.repeat(129), type: 'company' }, 'name', undefined],
    ['fail/unknown type', { name: 'T1', type: 'guild' }, 'type', undefined],
    ['fail/unknown parent', { name: 'T2', type: 'team', parentId: '00000000-0000-4000-8000-000000000000' }, 'parentId', 'parentId is not an organisation of this tenant'],
    ['fail/ABN of 10 digits', { name: 'T3', type: 'company', businessNumber: '5182475355' }, 'businessNumber', 'An Australian Business Number has 11 digits.'],
    ['fail/ABN checksum', { name: 'T4', type: 'company', businessNumber: '51824753557' }, 'businessNumber', 'This is not a valid Australian Business Number (check digits do not match).'],
    ['fail/unknown scheme', { name: 'T5', type: 'company', businessNumber: '123', businessNumberScheme: 'vat' }, 'businessNumberScheme', 'Choose a business-number scheme from the list.'],
    ['fail/extra field', { name: 'T6', type: 'company', colour: 'red' }, 'colour', undefined],
  ])('%s → 400 naming the field, nothing written', async (_name, body, field, message) => {
    const before = (await t.db.selectFrom('organisations').select('id').execute()).length;
    const res = await create(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', field, ...(message ? { message } : {}) });
    expect((await t.db.selectFrom('organisations').select('id').execute()).length).toBe(before);
  });

  it('should refuse to place an organisation under itself or below itself, and offer only the other parents', async () => {
    const top = (await create({ name: 'Top', type: 'company' })).json();
    const mid = (await create({ name: 'Mid', type: 'division', parentId: top.id })).json();
    const low = (await create({ name: 'Low', type: 'team', parentId: mid.id })).json();
    for (const parentId of [top.id, low.id]) {
      const res = await admin.put(ORG, { id: top.id, parentId });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'parentId', message: 'An organisation cannot be placed under itself or one of its own sub-organisations.' });
    }
    const parents = (await admin.get(`/api2/IDM-v1/OrganisationParents?id=${top.id}`)).json().parents.map((p: { name: string }) => p.name);
    expect(parents).not.toEqual(expect.arrayContaining(['Top']));
    expect(parents).not.toContain('Mid');
    expect(parents).not.toContain('Low');
    expect(parents).toContain('Initech');
    const tree = (await admin.get('/api2/IDM-v1/OrganisationTree')).json().tree;
    const topNode = tree.find((n: { name: string }) => n.name === 'Top');
    expect(topNode).toMatchObject({ children: [{ name: 'Mid', children: [{ name: 'Low', children: [] }] }] });
    // Moving to the top works.
    expect((await admin.put(ORG, { id: low.id, parentId: null })).json()).toMatchObject({ parentId: null });
  });

  it('should verify a business number with a result or an error', async () => {
    const ok = await admin.post('/api2/IDM-v1/VerifyBusinessNumber', { businessNumber: '53 004 085 616' });
    expect(ok.json()).toEqual({ valid: true, scheme: 'abn', businessNumber: '53004085616' });
    const bad = await admin.post('/api2/IDM-v1/VerifyBusinessNumber', { businessNumber: '53004085617', scheme: 'abn' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'businessNumber', message: 'This is not a valid Australian Business Number (check digits do not match).' });
    expect((await admin.get('/api2/IDM-v1/OrganisationTypes')).json()).toMatchObject({ types: expect.arrayContaining(['company', 'department']), businessNumberSchemes: [{ scheme: 'abn' }] });
  });

  it('should give members the permissions of their organisation and its ancestors, a blacklist overriding a role grant', async () => {
    const parent = (await create({ name: 'Perm Parent', type: 'company' })).json();
    const child = (await create({ name: 'Perm Child', type: 'team', parentId: parent.id })).json();
    const { userId } = await t.createUser(tenantId, 'orgmember', ['roleView', 'ticketView']);
    await t.db.updateTable('users').set({ organisation_id: child.id }).where('id', '=', userId).execute();
    const member = t.client();
    await member.login('orgmember', TEST_PASSWORD);
    expect((await member.get(ORGS)).statusCode).toBe(403);

    const set = await admin.put(`${PERMS}/${parent.id}`, { permissions: ['orgView'], blacklist: [] });
    expect(set.json()).toEqual({ orgId: parent.id, permissions: ['orgView'], blacklist: [] });
    expect((await member.get(ORGS)).statusCode).toBe(200);
    expect((await admin.get(`${PERMS}/${parent.id}`)).json()).toEqual({ orgId: parent.id, permissions: ['orgView'], blacklist: [] });

    // The child organisation's blacklist takes away what the member's role grants.
    expect((await member.get('/api2/IDM-v1/Roles')).statusCode).toBe(200);
    await admin.put(`${PERMS}/${child.id}`, { permissions: [], blacklist: ['roleView'] });
    expect((await member.get('/api2/IDM-v1/Roles')).statusCode).toBe(403);
    const viewer = (await member.get('/api/login')).json();
    expect(viewer.permission.View).toContain('orgView');
    expect(viewer.permission.View).not.toContain('roleView');
    expect(viewer.organisation).toBe('Perm Child');
    expect(viewer.allOrgs).toEqual([
      { id: child.id, name: 'Perm Child' },
      { id: parent.id, name: 'Perm Parent' },
    ]);
    expect((await t.auditRows('organisation.permissions')).length).toBe(2);
  });

  it('should refuse to grant through an organisation a permission the editor does not hold', async () => {
    const org = (await create({ name: 'Grant Org', type: 'team' })).json();
    await t.createUser(tenantId, 'orgeditor', ['orgView', 'orgEdit']);
    const editor = t.client();
    await editor.login('orgeditor', TEST_PASSWORD);
    const res = await editor.put(`${PERMS}/${org.id}`, { permissions: ['tenancyConfig'], blacklist: [] });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('tenancyConfig');
    expect((await admin.get(`${PERMS}/${org.id}`)).json().permissions).toEqual([]);
  });

  it('should keep tenants apart: another tenant reads, edits and places nothing of ours', async () => {
    const ours = (await create({ name: 'Private', type: 'company' })).json();
    expect((await globex.get(`${ORG}?id=${ours.id}`, GLOBEX)).statusCode).toBe(404);
    expect((await globex.put(ORG, { id: ours.id, name: 'Stolen' }, GLOBEX)).statusCode).toBe(404);
    expect((await globex.get(`${PERMS}/${ours.id}`, GLOBEX)).statusCode).toBe(404);
    expect((await globex.post(ORG, { name: 'Child', type: 'team', parentId: ours.id }, GLOBEX)).json()).toMatchObject({ field: 'parentId' });
    const theirs = (await globex.get(`${ORGS}?take=100`, GLOBEX)).json().results.map((o: { name: string }) => o.name);
    expect(theirs).not.toContain('Private');
    expect((await admin.get(`${ORG}?id=${ours.id}`)).json().name).toBe('Private');
  });

  it('should answer 401 without a session, 403 without the permission and 503 when the audit fails', async () => {
    expect((await t.client().get(ORGS)).body).toBe('not_logged_in');
    await t.createUser(tenantId, 'orgviewer', ['orgView']);
    const viewer = t.client();
    await viewer.login('orgviewer', TEST_PASSWORD);
    expect((await viewer.post(ORG, { name: 'Nope', type: 'team' })).statusCode).toBe(403);
    expect((await viewer.get('/api2/IDM-v1/OrganisationTree')).statusCode).toBe(403);
    await t.breakAudit();
    try {
      const res = await create({ name: 'Unaudited', type: 'team' });
      expect(res.statusCode).toBe(503);
      expect(res.body).toBe('Audit failed');
    } finally {
      await t.repairAudit();
    }
    expect(await t.db.selectFrom('organisations').select('id').where('name', '=', 'Unaudited').executeTakeFirst()).toBeUndefined();
  });
});
