import { ALL_PERMISSIONS } from '@tessera/domain';
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';

const ROLES = '/api2/IDM-v1/Roles';
const ROLE = '/api2/IDM-v1/Role';

describe('IDM-v1 roles', () => {
  let t: TestContext;
  let tenantId: string;
  let admin: TestClient;
  let otherRoleId: string;
  const roleCount = async () => (await t.db.selectFrom('roles').select('id').execute()).length;

  beforeAll(async () => {
    t = await build();
    ({ tenantId } = await t.bootstrap());
    admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    const other = await t.createTenant('Globex');
    ({ roleId: otherRoleId } = await t.createUser(other, 'globexuser', ['roleView']));
    await t.createUser(tenantId, 'roleviewer', ['roleView']);
  });
  afterAll(async () => t?.close());

  it("should refuse to change the built-in Administrator's permission list, and change nothing", async () => {
    const adminRole = await t.db.selectFrom('roles').selectAll().where('tenant_id', '=', tenantId).where('name', '=', 'Administrator').executeTakeFirstOrThrow();
    const before = (await admin.get(`${ROLE}?id=${adminRole.id}`)).json();
    expect([...before.permissions].sort()).toEqual([...ALL_PERMISSIONS].sort());
    // Nobody edits a role they hold (issue 18): the Administrator is refused before the built-in rule.
    expect((await admin.put(ROLE, { id: adminRole.id, permissions: ['userView'] })).statusCode).toBe(403);
    // Someone holding every permission through another role meets the built-in rule.
    await t.createUser(tenantId, 'allpowers', [...ALL_PERMISSIONS]);
    const holder = t.client();
    await holder.login('allpowers', TEST_PASSWORD);
    const res = await holder.put(ROLE, { id: adminRole.id, permissions: ['userView'] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', field: 'permissions' });
    expect((await admin.get(`${ROLE}?id=${adminRole.id}`)).json()).toEqual(before);
    // The same list (what the console's form sends back) is no change; other fields still change.
    const same = await holder.put(ROLE, { id: adminRole.id, permissions: [...ALL_PERMISSIONS].reverse(), isManager: true });
    expect(same.statusCode).toBe(200);
    expect(await t.db.selectFrom('roles').select(['permissions', 'builtin_all']).where('id', '=', adminRole.id).executeTakeFirstOrThrow()).toEqual({ permissions: [], builtin_all: true });
  });

  it('should create, read, list and update a role, audited', async () => {
    const created = await admin.post(ROLE, { name: 'Helpdesk', permissions: ['userView', 'userEdit'], blacklist: ['userEdit'] });
    expect(created.statusCode).toBe(201);
    const role = created.json();
    expect(role).toMatchObject({ name: 'Helpdesk', permissions: ['userView', 'userEdit'], blacklist: ['userEdit'], isManager: false });
    expect((await admin.get(`${ROLE}?id=${role.id}`)).json()).toEqual(role);
    const list = (await admin.get(`${ROLES}?search=helpdesk`)).json();
    expect(list).toEqual({ totalResults: 1, results: [role] });
    const all = (await admin.get(`${ROLES}?take=100`)).json();
    expect(all.results.map((r: { id: string }) => r.id)).not.toContain(otherRoleId);
    const updated = await admin.put(ROLE, { id: role.id, blacklist: [], isManager: true });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: role.id, blacklist: [], isManager: true, name: 'Helpdesk' });
    expect((await t.auditRows('role.create')).at(-1)).toMatchObject({ target_id: role.id, actor_username: 'admin' });
    expect((await t.auditRows('role.update')).at(-1)).toMatchObject({ target_id: role.id });
  });

  it('should answer 409 for a taken name', async () => {
    const before = await roleCount();
    const res = await admin.post(ROLE, { name: 'administrator', permissions: [], blacklist: [] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', field: 'name' });
    expect(await roleCount()).toBe(before);
  });

  it.each([
    [{ name: 'X', permissions: [] }, 'blacklist', 'blacklist is required'],
    [{ name: '', permissions: [], blacklist: [] }, 'name', 'name must not be empty'],
    [{ name: 'X', permissions: ['ok', 'bad perm'], blacklist: [] }, 'permissions.1', undefined],
    [{ name: 'X', permissions: [1], blacklist: [] }, 'permissions.0', 'permissions.0 must be a string'],
    [{ name: 'X\n', permissions: [], blacklist: [] }, 'name', 'name must not contain control characters'],
    [{ name: 'X', permissions: ['a', 'a'], blacklist: [] }, 'permissions', 'permissions must not contain duplicates'],
  ])('should answer 400 for %j and create nothing', async (body, field, message) => {
    const before = await roleCount();
    const res = await admin.post(ROLE, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', field, ...(message ? { message } : {}) });
    expect(await roleCount()).toBe(before);
  });

  it('should answer 404 for another tenant role on GET and PUT, changing nothing', async () => {
    expect((await admin.get(`${ROLE}?id=${otherRoleId}`)).json().code).toBe('NOT_FOUND');
    expect((await admin.put(ROLE, { id: otherRoleId, name: 'Hijacked' })).statusCode).toBe(404);
    const row = await t.db.selectFrom('roles').select('name').where('id', '=', otherRoleId).executeTakeFirstOrThrow();
    expect(row.name).not.toBe('Hijacked');
  });

  it('should answer 403 without the permission or CSRF, 401 without a session', async () => {
    const c = t.client();
    await c.login('roleviewer', TEST_PASSWORD);
    expect((await c.get(ROLES)).statusCode).toBe(200);
    expect((await c.post(ROLE, { name: 'Nope', permissions: [], blacklist: [] })).statusCode).toBe(403);
    const any = (await c.get(ROLES)).json().results[0].id;
    expect((await c.put(ROLE, { id: any, name: 'Nope' })).statusCode).toBe(403);
    expect((await admin.post(ROLE, { name: 'Nope', permissions: [], blacklist: [] }, { xsrf: false })).json().code).toBe('CSRF');
    expect((await t.client().get(ROLES)).body).toBe('not_logged_in');
    expect((await t.client().get(`${ROLE}?id=${any}`)).body).toBe('not_logged_in');
    expect(await t.db.selectFrom('roles').where('name', '=', 'Nope').select('id').execute()).toHaveLength(0);
  });

  it('should answer 503 Audit failed and change nothing when the audit write fails', async () => {
    const before = await roleCount();
    await t.breakAudit();
    try {
      expect((await admin.post(ROLE, { name: 'Audited', permissions: [], blacklist: [] })).body).toBe('Audit failed');
    } finally {
      await t.repairAudit();
    }
    expect(await roleCount()).toBe(before);
  });
});
