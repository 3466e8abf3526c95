import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';

const I = '/api2/IDM-v1';

describe('IDM-v1 visits (host, sponsor, time window, pass)', () => {
  let t: TestContext;
  let tenantId: string;
  let hostId: string;
  let sponsorId: string;
  let admin: TestClient;
  let viewer: TestClient; // userView only
  let foreign: TestClient;
  let foreignHostId: string;

  const signIn = async (username: string, host?: string) => {
    const c = t.client();
    const res = await c.post('/api2/Authentication-v1/login', { username, password: TEST_PASSWORD }, host ? { headers: { host } } : {});
    if (res.statusCode !== 200) throw new Error(`login of ${username} failed: ${res.body}`);
    return c;
  };
  const visit = (over: Record<string, unknown> = {}) => ({
    givenName: 'Vera',
    familyName: 'Visitor',
    emailAddress: 'vera@example.org',
    company: 'Contoso',
    hostUserId: hostId,
    startsAt: '2026-12-01T09:00:00.000Z',
    endsAt: '2026-12-01T17:00:00.000Z',
    ...over,
  });

  beforeAll(async () => {
    t = await build();
    ({ tenantId, userId: hostId } = await t.bootstrap());
    admin = await signIn('admin');
    await t.createUser(tenantId, 'val', ['userView']);
    viewer = await signIn('val');
    const { userId: sponsorUser } = await t.createUser(tenantId, 'spon', []);
    sponsorId = (await t.db.insertInto('sponsors').values({ tenant_id: tenantId, user_id: sponsorUser }).returning('id').executeTakeFirstOrThrow()).id;
    await t.db.insertInto('temporary_passes').values({ tenant_id: tenantId, pass_number: '00042', card_type: 'Visitor' }).execute();
    const globex = await t.createTenant('Globex', ['globex.example']);
    ({ userId: foreignHostId } = await t.createUser(globex, 'gus', ['userView', 'userAdd']));
    foreign = await signIn('gus', 'globex.example');
  });
  afterAll(async () => t?.close());

  it('should register a visit with host, sponsor, window and pass (number padded), audited, and read it back', async () => {
    const res = await admin.post(`${I}/Visit`, visit({ sponsorId, passNumber: '42', purpose: 'Audit' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      visitor: { givenName: 'Vera', familyName: 'Visitor', emailAddress: 'vera@example.org', company: 'Contoso' },
      host: { id: hostId, username: 'admin' },
      sponsor: { id: sponsorId, username: 'spon' },
      startsAt: '2026-12-01T09:00:00.000Z',
      endsAt: '2026-12-01T17:00:00.000Z',
      pass: { passNumber: '00042' },
    });
    expect((await t.auditRows('visit.create')).at(-1)).toMatchObject({ target_id: res.json().id, tenant_id: tenantId });
    const read = await viewer.get(`${I}/Visit?id=${res.json().id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().purpose).toBe('Audit');
    expect((await foreign.get(`${I}/Visit?id=${res.json().id}`)).statusCode).toBe(404);
  });

  it.each([
    ['endsAt', { endsAt: '2026-12-01T08:00:00.000Z' }],
    ['startsAt', { startsAt: 'tomorrow-ish' }],
    ['givenName', { givenName: '  ' }],
    ['passNumber', { passNumber: '99' }],
    ['passNumber', { passNumber: 'abc' }],
    ['sponsorId', { sponsorId: '00000000-0000-4000-8000-000000000000' }],
    ['emailAddress', { emailAddress: 'nope' }],
  ])('fail/%s: should refuse %j naming the field and register nothing', async (field, over) => {
    const before = (await t.db.selectFrom('visits').select('id').execute()).length;
    const res = await admin.post(`${I}/Visit`, visit(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
    expect((await t.db.selectFrom('visits').select('id').execute()).length).toBe(before);
  });

  it("should refuse another tenant's host and need userAdd to register", async () => {
    const res = await admin.post(`${I}/Visit`, visit({ hostUserId: foreignHostId }));
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('hostUserId');
    expect((await viewer.post(`${I}/Visit`, visit())).statusCode).toBe(403);
  });
});
