/** The one-statement read of a password sign-in: tenant by host, user, TOTP state, roles. */
import { build, type TestContext } from '../test-helpers/build';
import { signInLookup } from './sign-in.repository';

describe('signInLookup', () => {
  let t: TestContext;
  let tenantId: string;
  let adminId: string;

  beforeAll(async () => {
    t = await build();
    ({ tenantId, userId: adminId } = await t.bootstrap());
  });
  afterAll(() => t.close());

  it('answers nothing before bootstrap', async () => {
    const fresh = await build();
    try {
      expect(await signInLookup(fresh.db, 'localhost', 'admin')).toBeUndefined();
    } finally {
      await fresh.close();
    }
  });

  it('reads the default tenant, the user by username (any case), its roles and TOTP state', async () => {
    const found = await signInLookup(t.db, 'localhost:8080', 'ADMIN');
    expect(found?.tenant.id).toBe(tenantId);
    expect(found?.tenant.is_default).toBe(true);
    expect(found?.tenant.created_at).toBeInstanceOf(Date);
    expect(found?.user?.id).toBe(adminId);
    expect(found?.user?.username).toBe('admin');
    expect(typeof found?.user?.password_hash).toBe('string');
    expect(found?.user?.created_at).toBeInstanceOf(Date);
    expect(found?.mfa).toEqual({ enabled: false, confirmed: false });
    expect(found?.roles.length).toBeGreaterThan(0);
    expect(found?.roles[0]).toEqual(expect.objectContaining({ id: expect.any(String), name: expect.any(String), permissions: expect.any(Array), blacklist: expect.any(Array), is_manager: expect.any(Boolean) }));
  });

  it('answers the tenant without a user when the username is unknown', async () => {
    const found = await signInLookup(t.db, 'localhost', 'nobody');
    expect(found?.tenant.id).toBe(tenantId);
    expect(found?.user).toBeUndefined();
    expect(found?.roles).toEqual([]);
  });

  it('prefers the tenant whose domains hold the host, and never reads another tenant’s user', async () => {
    const other = await t.createTenant('Globex', ['globex.example']);
    const { userId } = await t.createUser(other, 'hank', ['userView']);
    const onOther = await signInLookup(t.db, 'GLOBEX.example:443', 'hank');
    expect(onOther?.tenant.id).toBe(other);
    expect(onOther?.user?.id).toBe(userId);
    expect(onOther?.roles.map((r) => r.permissions)).toEqual([['userView']]);
    // The same username on the default tenant's host finds no one.
    expect((await signInLookup(t.db, 'localhost', 'hank'))?.user).toBeUndefined();
    // The default tenant's admin is not found on the other tenant's host.
    expect((await signInLookup(t.db, 'globex.example', 'admin'))?.user).toBeUndefined();
  });

  it('orders roles by name and reads the TOTP state', async () => {
    const { userId } = await t.createUser(tenantId, 'multi', ['userView']);
    const second = await t.db.insertInto('roles').values({ tenant_id: tenantId, name: 'AAA first', permissions: ['audit'] }).returning('id').executeTakeFirstOrThrow();
    await t.db.insertInto('user_roles').values({ user_id: userId, role_id: second.id }).execute();
    await t.db.insertInto('user_mfa').values({ tenant_id: tenantId, user_id: userId, enabled: true, secret_encrypted: 'sealed', secret_confirmed: true }).execute();
    const found = await signInLookup(t.db, 'localhost', 'multi');
    expect(found?.roles[0]?.name).toBe('AAA first');
    expect(found?.roles).toHaveLength(2);
    expect(found?.mfa).toEqual({ enabled: true, confirmed: true });
    await t.db.updateTable('user_mfa').set({ secret_confirmed: false }).where('user_id', '=', userId).execute();
    expect((await signInLookup(t.db, 'localhost', 'multi'))?.mfa).toEqual({ enabled: true, confirmed: false });
  });
});
