import { build, type TestContext } from '../test-helpers/build';
import { loadAccess, loadAccessBatched, loadAccesses, organisationsOfUser, rolesOfUser } from './access';

describe('loadAccess', () => {
  let t: TestContext;
  let tenantId: string;
  beforeAll(async () => {
    t = await build();
    ({ tenantId } = await t.bootstrap());
  });
  afterAll(async () => t?.close());

  it('should answer in one read what the user, role and organisation reads answer: roles by name, organisations nearest first', async () => {
    const { userId } = await t.createUser(tenantId, 'chained', ['ticketView'], { blacklist: ['roleView'] });
    const extra = await t.db.insertInto('roles').values({ tenant_id: tenantId, name: 'Aardvark readers', permissions: ['orgView', 'userView'], blacklist: [] }).returning('id').executeTakeFirstOrThrow();
    await t.db.insertInto('user_roles').values({ user_id: userId, role_id: extra.id }).execute();
    const top = await t.db.insertInto('organisations').values({ tenant_id: tenantId, name: 'Top', permissions: ['deviceView'], blacklist: [] }).returning('id').executeTakeFirstOrThrow();
    const mid = await t.db.insertInto('organisations').values({ tenant_id: tenantId, name: 'Mid', parent_id: top.id, permissions: [], blacklist: ['userView'] }).returning('id').executeTakeFirstOrThrow();
    const low = await t.db.insertInto('organisations').values({ tenant_id: tenantId, name: 'Low', parent_id: mid.id }).returning('id').executeTakeFirstOrThrow();
    await t.db.updateTable('users').set({ organisation_id: low.id }).where('id', '=', userId).execute();

    const access = await loadAccess(t.db, userId, tenantId);
    expect(access).toEqual({ username: 'chained', enabled: true, roles: await rolesOfUser(t.db, tenantId, userId), organisations: await organisationsOfUser(t.db, tenantId, userId) });
    expect(access!.roles.map((r) => r.name)).toEqual(['Aardvark readers', expect.stringContaining('chained')]);
    expect(access!.roles[0]).toEqual({ id: extra.id, name: 'Aardvark readers', permissions: ['orgView', 'userView'], blacklist: [], is_manager: false, builtin_all: false });
    expect(access!.organisations.map((o) => o.name)).toEqual(['Low', 'Mid', 'Top']);
    expect(access!.organisations[1]).toEqual({ id: mid.id, name: 'Mid', permissions: [], blacklist: ['userView'] });
  });

  it('should answer empty lists for a user without roles or organisation, and null for a user of another tenant', async () => {
    const other = await t.createTenant('Other');
    const { userId } = await t.createUser(tenantId, 'bare', []);
    await t.db.deleteFrom('user_roles').where('user_id', '=', userId).execute();
    expect(await loadAccess(t.db, userId, tenantId)).toEqual({ username: 'bare', enabled: true, roles: [], organisations: [] });
    expect(await loadAccess(t.db, userId, other)).toBeNull();
  });

  it('should answer several users in one read, each with its own roles, in the order asked, null for a user of another tenant', async () => {
    const other = await t.createTenant('Third');
    const ann = await t.createUser(tenantId, 'ann.many', ['orgView']);
    const bob = await t.createUser(tenantId, 'bob.many', ['userView'], { enabled: false });
    const keys = [
      { userId: bob.userId, tenantId },
      { userId: ann.userId, tenantId: other },
      { userId: ann.userId, tenantId },
      { userId: 'not-a-uuid', tenantId },
    ];
    const many = await loadAccesses(t.db, keys);
    expect(many.map((a) => a && [a.username, a.enabled, a.roles.flatMap((r) => r.permissions)])).toEqual([['bob.many', false, ['userView']], null, ['ann.many', true, ['orgView']], null]);
    // Concurrent requests' reads are batched and each gets its own answer.
    const batched = await Promise.all(keys.map((k) => loadAccessBatched(t.db, k.userId, k.tenantId)));
    expect(batched).toEqual(many);
  });
});
