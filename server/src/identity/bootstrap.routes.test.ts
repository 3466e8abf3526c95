import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import { ALL_PERMISSIONS, DEFAULT_ROLES } from '@tessera/domain';
import { _accessInternals } from '../platform/access';
import { migrateDown, migrateToLatest } from '../db/migrate';

const STATUS = '/api2/IDM-v1/BootstrapStatus';
const BOOTSTRAP = '/api2/IDM-v1/Bootstrap';
const body = { tenantName: 'Acme', username: 'admin', password: TEST_PASSWORD, emailAddress: 'admin@acme.test' };

describe('IDM-v1 Bootstrap (fresh database per test)', () => {
  let t: TestContext;
  beforeEach(async () => {
    t = await build();
  });
  afterEach(async () => t?.close());

  it('should be in bootstrap mode while no user exists, and create tenant, Administrator role and user', async () => {
    expect((await t.client().get(STATUS)).json()).toEqual({ bootstrapMode: true });
    const res = await t.client().post(BOOTSTRAP, body);
    expect(res.statusCode).toBe(201);
    const { tenantId, userId } = res.json();
    const tenant = await t.db.selectFrom('tenants').selectAll().executeTakeFirstOrThrow();
    expect(tenant).toMatchObject({ id: tenantId, name: 'Acme', is_default: true });
    const role = await t.db.selectFrom('roles').selectAll().where('name', '=', 'Administrator').executeTakeFirstOrThrow();
    expect(role).toMatchObject({ name: 'Administrator', tenant_id: tenantId, is_manager: true, builtin_all: true });
    // The editable default roles (issue 13), with domain's sets.
    const seeded = await t.db.selectFrom('roles').select(['name', 'permissions', 'blacklist', 'builtin_all']).where('name', '!=', 'Administrator').orderBy('created_at').orderBy('name').execute();
    expect(seeded.map((r) => r.name).sort()).toEqual(DEFAULT_ROLES.map((r) => r.name).sort());
    for (const def of DEFAULT_ROLES) {
      expect(seeded.find((r) => r.name === def.name)).toEqual({ name: def.name, permissions: [...def.permissions], blacklist: [...def.blacklist], builtin_all: false });
    }
    const user = await t.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(user).toMatchObject({ id: userId, username: 'admin', email: 'admin@acme.test' });
    expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await t.auditRows('bootstrap')).toEqual([expect.objectContaining({ outcome: 'success', tenant_id: tenantId, actor_username: 'admin' })]);
    expect((await t.client().get(STATUS)).json()).toEqual({ bootstrapMode: false });
    const admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    // The Administrator holds every permission of domain's list (93, sub-viewInvoice included).
    expect([...(await admin.get('/api/login')).json().permission.View].sort()).toEqual([...ALL_PERMISSIONS].sort());
  });

  it('should give the Administrator a permission that a later release adds, without touching the database', async () => {
    await t.bootstrap();
    const admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    expect((await admin.get('/api/login')).json().permission.View).not.toContain('futurePermission');
    const release = _accessInternals.catalog;
    _accessInternals.catalog = () => [...ALL_PERMISSIONS, 'futurePermission'];
    try {
      expect((await admin.get('/api/login')).json().permission.View).toContain('futurePermission');
      const role = await t.db.selectFrom('roles').select(['permissions', 'builtin_all']).where('name', '=', 'Administrator').executeTakeFirstOrThrow();
      expect(role).toEqual({ permissions: [], builtin_all: true });
      expect((await admin.get('/api2/IDM-v1/Roles?search=Administrator')).json().results[0].permissions).toContain('futurePermission');
    } finally {
      _accessInternals.catalog = release;
    }
  });

  it('should give an installation bootstrapped before the built-in role the permissions added since (migration)', async () => {
    await t.bootstrap();
    // Go back to the schema before `builtin_all` and store what the old bootstrap stored: a copied list,
    // here without sub-viewInvoice and userView (permissions added "later").
    for (;;) {
      const down = await migrateDown(t.db);
      expect(down.results?.[0]?.status).toBe('Success');
      if (down.results?.[0]?.migrationName === '2026_11_25_12_00_00_role_builtin_all') break;
    }
    const oldList = ALL_PERMISSIONS.filter((p) => p !== 'sub-viewInvoice' && p !== 'userView');
    await t.db.deleteFrom('roles').where('name', '!=', 'Administrator').execute();
    await t.db.updateTable('roles').set({ permissions: oldList } as never).execute();
    await t.db.insertInto('roles').values({ tenant_id: (await t.db.selectFrom('tenants').select('id').executeTakeFirstOrThrow()).id, name: 'Operators', permissions: oldList } as never).execute();
    await migrateToLatest(t.db);
    const roles = await t.db.selectFrom('roles').select(['name', 'builtin_all']).orderBy('name').execute();
    expect(roles).toEqual([{ name: 'Administrator', builtin_all: true }, { name: 'Operators', builtin_all: false }]);
    const admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    expect((await admin.get('/api/login')).json().permission.View).toEqual(expect.arrayContaining(['sub-viewInvoice', 'userView']));
    // The auth guard reads the same rule: userView now opens the user list.
    expect((await admin.get('/api2/IDM-v1/Users')).statusCode).toBe(200);
  });

  it('should answer 403 BOOTSTRAP_DONE afterwards', async () => {
    await t.bootstrap();
    const res = await t.client().post(BOOTSTRAP, { ...body, username: 'second' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('BOOTSTRAP_DONE');
    expect(await t.db.selectFrom('users').select('id').execute()).toHaveLength(1);
  });

  it('should let only one of concurrent attempts win', async () => {
    const results = await Promise.all(['a1', 'a2', 'a3', 'a4'].map((username) => t.client().post(BOOTSTRAP, { ...body, username })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 403, 403, 403]);
    expect(await t.db.selectFrom('tenants').select('id').execute()).toHaveLength(1);
    expect(await t.db.selectFrom('users').select('id').execute()).toHaveLength(1);
  });

});

describe('IDM-v1 Bootstrap refusals (nothing changes)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(async () => t?.close());

  it.each([
    ['a missing field', { tenantName: 'Acme', username: 'admin', password: TEST_PASSWORD }, 'emailAddress', 'emailAddress is required'],
    ['a wrong type', { ...body, tenantName: 5 }, 'tenantName', 'tenantName must be a string'],
    ['a control character', { ...body, tenantName: 'Ac\u0000me' }, 'tenantName', 'tenantName must not contain control characters'],
    ['a short password', { ...body, password: 'short' }, 'password', 'password must be at least 8 characters long'],
    // One password policy everywhere (issue 18): the same texts as ChangePassword.
    ['the password "password"', { ...body, password: 'password' }, 'password', 'The new password must be at least 10 characters long.'],
    ['the password "12345678"', { ...body, password: '12345678' }, 'password', 'The new password must be at least 10 characters long.'],
    ['the password "qwertyuiop"', { ...body, password: 'qwertyuiop' }, 'password', 'This password appears in a list of breached or common passwords.'],
    ['a bad e-mail', { ...body, emailAddress: 'nope' }, 'emailAddress', 'emailAddress must be an e-mail address'],
    ['a forbidden username character', { ...body, username: 'ad/min' }, 'username', "The character '/' is not allowed in usernames."],
  ])('should answer 400 for %s and create nothing', async (_name, payload, field, message) => {
    const res = await t.client().post(BOOTSTRAP, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'VALIDATION', field, message });
    expect(await t.db.selectFrom('tenants').select('id').execute()).toHaveLength(0);
    expect(await t.db.selectFrom('users').select('id').execute()).toHaveLength(0);
  });

  it('should answer 403 CSRF without the header', async () => {
    const res = await t.client().post(BOOTSTRAP, body, { xsrf: false });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CSRF');
  });

  it('should answer 503 Audit failed and create nothing when the audit write fails', async () => {
    await t.breakAudit();
    const res = await t.client().post(BOOTSTRAP, body);
    expect(res.statusCode).toBe(503);
    expect(res.body).toBe('Audit failed');
    await t.repairAudit();
    expect(await t.db.selectFrom('tenants').select('id').execute()).toHaveLength(0);
    expect(await t.db.selectFrom('users').select('id').execute()).toHaveLength(0);
    expect((await t.client().get(STATUS)).json()).toEqual({ bootstrapMode: true });
  });
});
