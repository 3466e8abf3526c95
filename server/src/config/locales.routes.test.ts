import { MESSAGES } from '@tessera/domain';
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';

const I = '/api2/IDM-v1';

describe('IDM-v1 locales (four levels)', () => {
  let t: TestContext;
  let tenantId: string;
  let admin: TestClient;
  let reader: TestClient; // no configureTeSA
  let foreign: TestClient;

  const signIn = async (username: string, host?: string) => {
    const c = t.client();
    const res = await c.post('/api2/Authentication-v1/login', { username, password: TEST_PASSWORD }, host ? { headers: { host } } : {});
    if (res.statusCode !== 200) throw new Error(`login of ${username} failed: ${res.body}`);
    return c;
  };
  const add = async (c: TestClient, body: Record<string, unknown>) => c.post(`${I}/Locale`, body);

  beforeAll(async () => {
    t = await build();
    ({ tenantId } = await t.bootstrap());
    admin = await signIn('admin');
    await t.createUser(tenantId, 'rita', ['userView']);
    reader = await signIn('rita');
    const globex = await t.createTenant('Globex', ['globex.example']);
    await t.createUser(globex, 'gus', ['configureTeSA']);
    foreign = await signIn('gus', 'globex.example');
  });
  afterAll(async () => t?.close());

  it('should build location > sublocation > area > room, audited, and list them outermost first', async () => {
    const hq = (await add(admin, { level: 'location', name: 'Headquarters' })).json();
    const west = (await add(admin, { level: 'sublocation', name: 'West wing', parentId: hq.id })).json();
    const floor = (await add(admin, { level: 'area', name: 'Floor 2', parentId: west.id })).json();
    const room = await add(admin, { level: 'room', name: '2.14', parentId: floor.id });
    expect(room.statusCode).toBe(201);
    expect(room.json()).toMatchObject({ level: 'room', parentId: floor.id });
    expect((await t.auditRows('locale.create')).at(-1)).toMatchObject({ target_id: room.json().id, tenant_id: tenantId });
    const list = await reader.get(`${I}/Locales`);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((l: { level: string; name: string }) => `${l.level}:${l.name}`)).toEqual(['location:Headquarters', 'sublocation:West wing', 'area:Floor 2', 'room:2.14']);
    expect((await foreign.get(`${I}/Locales`)).json()).toEqual([]);
  });

  it('should refuse a level under the wrong parent, a location with a parent and a sublocation without one', async () => {
    const hq = (await add(admin, { level: 'location', name: 'Depot' })).json();
    for (const body of [
      { level: 'room', name: 'R1', parentId: hq.id },
      { level: 'location', name: 'Nested', parentId: hq.id },
      { level: 'sublocation', name: 'Orphan' },
    ]) {
      const res = await add(admin, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'parentId', message: MESSAGES.LOCALE_PARENT_LEVEL });
    }
    const badLevel = await add(admin, { level: 'building', name: 'X' });
    expect(badLevel.statusCode).toBe(400);
    expect(badLevel.json().field).toBe('level');
  });

  it('should refuse a duplicate name at the same place (any case) but allow it elsewhere', async () => {
    const a = (await add(admin, { level: 'location', name: 'Campus A' })).json();
    const b = (await add(admin, { level: 'location', name: 'Campus B' })).json();
    expect((await add(admin, { level: 'sublocation', name: 'Lab', parentId: a.id })).statusCode).toBe(201);
    const dup = await add(admin, { level: 'sublocation', name: 'LAB', parentId: a.id });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ field: 'name', message: MESSAGES.LOCALE_DUPLICATE });
    expect((await add(admin, { level: 'sublocation', name: 'Lab', parentId: b.id })).statusCode).toBe(201);
    expect((await add(admin, { level: 'location', name: 'campus a' })).statusCode).toBe(409);
  });

  it('should need configureTeSA to write, and keep tenants apart', async () => {
    expect((await add(reader, { level: 'location', name: 'Nope' })).statusCode).toBe(403);
    const mine = (await add(admin, { level: 'location', name: 'Mine' })).json();
    expect((await add(foreign, { level: 'sublocation', name: 'Theirs', parentId: mine.id })).statusCode).toBe(404);
    expect((await foreign.put(`${I}/Locale`, { id: mine.id, name: 'Stolen' })).statusCode).toBe(404);
    expect((await foreign.request('DELETE', `${I}/Locale/${mine.id}`)).statusCode).toBe(404);
  });

  it('should rename, and delete only a locale holding none', async () => {
    const top = (await add(admin, { level: 'location', name: 'Annex' })).json();
    const sub = (await add(admin, { level: 'sublocation', name: 'North', parentId: top.id })).json();
    expect((await admin.put(`${I}/Locale`, { id: sub.id, name: 'North side' })).json().name).toBe('North side');
    const refused = await admin.request('DELETE', `${I}/Locale/${top.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MESSAGES.LOCALE_HAS_CHILDREN);
    expect((await admin.request('DELETE', `${I}/Locale/${sub.id}`)).statusCode).toBe(204);
    expect((await admin.request('DELETE', `${I}/Locale/${top.id}`)).statusCode).toBe(204);
    expect((await t.auditRows('locale.delete')).length).toBe(2);
  });
});
