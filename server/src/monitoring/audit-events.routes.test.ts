import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';

const EVENTS = '/api2/Monitoring-v1/AuditEvents';

describe('Monitoring-v1 AuditEvents', () => {
  let t: TestContext;
  let tenantId: string;
  let admin: TestClient;

  beforeAll(async () => {
    t = await build();
    ({ tenantId } = await t.bootstrap());
    admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    const other = await t.createTenant('Globex', ['globex.example']);
    await t.createUser(other, 'globexadmin', ['audit']);
    await t.client().post('/api2/Authentication-v1/login', { username: 'globexadmin', password: TEST_PASSWORD }, { headers: { host: 'globex.example' } });
  });
  afterAll(async () => t?.close());

  it('should list the tenant events newest first, filter by action and search', async () => {
    const res = await admin.get(EVENTS);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.results.every((e: { tenantId: string }) => e.tenantId === tenantId)).toBe(true);
    expect(page.results[0]).toMatchObject({ action: 'login', outcome: 'success', actorUsername: 'admin', ip: '127.0.0.1' });
    expect(page.results.map((e: { action: string }) => e.action)).toContain('bootstrap');
    const logins = (await admin.get(`${EVENTS}?action=login`)).json();
    expect(logins.results.every((e: { action: string }) => e.action === 'login')).toBe(true);
    const searched = (await admin.get(`${EVENTS}?search=boot`)).json();
    expect(searched.totalResults).toBe(1);
    const paged = (await admin.get(`${EVENTS}?take=1&skip=1`)).json();
    expect(paged.results).toHaveLength(1);
    expect(paged.totalResults).toBe(page.totalResults);
    expect(JSON.stringify(page)).not.toContain('globexadmin');
  });

  it('should answer 400 for bad queries, 403 without audit, 401 without a session', async () => {
    expect((await admin.get(`${EVENTS}?take=1000`)).json()).toMatchObject({ code: 'VALIDATION', field: 'take', message: 'take must be at most 100' });
    expect((await admin.get(`${EVENTS}?action=${encodeURIComponent('a\u0001')}`)).json()).toMatchObject({ field: 'action' });
    await t.createUser(tenantId, 'nobody', ['userView']);
    const c = t.client();
    await c.login('nobody', TEST_PASSWORD);
    expect((await c.get(EVENTS)).statusCode).toBe(403);
    expect((await t.client().get(EVENTS)).body).toBe('not_logged_in');
  });
});
