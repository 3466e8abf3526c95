/**
 * The rate-limit rule engine through the real server and database (issue 14): defaults, precedence, burst,
 * maxDataBytes, the IP stage before the general stage, tenant isolation, a bad config refused whole, audit,
 * permission and live counters. Buckets in process here; rate-limits.redis.test.ts runs them in Redis.
 */
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';
import { MANAGEMENT_LAYERS_FORBIDDEN_MESSAGE } from '@tessera/domain';

const CONFIG = '/api2/Monitoring-v1/RateLimitConfig';
const STATUS = '/api2/Monitoring-v1/RateLimitStatus';
const VERSION = '/api2/IDM-v1/Version';
const NEWS = '/api2/IDM-v1/News';

describe('rate-limit rules', () => {
  let t: TestContext;
  let admin: TestClient;
  let tenantId: string;
  let otherTenantId: string;

  /** Management rules that never get in the way, plus `extra`. */
  async function apply(layerRules: unknown[]): Promise<void> {
    const res = await admin.put(CONFIG, { layerRules });
    expect(res.statusCode).toBe(200);
  }

  beforeAll(async () => {
    t = await build();
    ({ tenantId } = await t.bootstrap());
    admin = t.client({ remoteAddress: '10.0.0.1' });
    await admin.login('admin', TEST_PASSWORD);
    otherTenantId = await t.createTenant('Globex', ['globex.test']);
    await t.createUser(otherTenantId, 'bob', []);
    await t.createUser(tenantId, 'carol', []);
    await t.createUser(tenantId, 'dave', []);
  });
  afterAll(async () => t?.close());

  it("should seed the defaults of admin-console §9 on first start: '*' everywhere, 60 s, the address rule from TESSERA_RATE_LIMIT_MAX, the public PKI routes' own bucket, and SCEP's and EST's (issue 17)", async () => {
    const res = await admin.get(CONFIG);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      layerRules: [
        {
          layer: 1,
          stage: 0,
          rules: [
            { tenantId: '*', userId: '*', method: '*', endpoint: '*', periodSeconds: 60, rate: 30000, burst: -1, maxDataBytes: -1 },
            { tenantId: '*', userId: '*', method: '*', endpoint: '/pki/*', periodSeconds: 60, rate: 6000, burst: -1, maxDataBytes: -1 },
            { tenantId: '*', userId: '*', method: '*', endpoint: '/api2/Certificates-v1/AnonymousCertificateRequest', periodSeconds: 60, rate: 30, burst: -1, maxDataBytes: -1 },
            { tenantId: '*', userId: '*', method: '*', endpoint: '/pki/scep/*', periodSeconds: 60, rate: 120, burst: -1, maxDataBytes: -1 },
            { tenantId: '*', userId: '*', method: '*', endpoint: '/.well-known/est/*', periodSeconds: 60, rate: 120, burst: -1, maxDataBytes: -1 },
            { tenantId: '*', userId: '*', method: '*', endpoint: '/pki/acme/*', periodSeconds: 60, rate: 3000, burst: -1, maxDataBytes: -1 },
          ],
        },
        {
          layer: 1,
          stage: 1,
          rules: [
            { tenantId: '*', userId: '*', method: '*', endpoint: '*', periodSeconds: 60, rate: 1200, burst: 600, maxDataBytes: -1 },
            { tenantId: '*', userId: '*', method: '*', endpoint: '/pki/*', periodSeconds: 60, rate: -1, burst: -1, maxDataBytes: -1 },
          ],
        },
      ],
    });
    // Seeded by the system, audited, each default recorded as given (rate_limit_seeded_defaults).
    expect(await t.auditRows('ratelimit.defaults-added')).toEqual([expect.objectContaining({ actor_username: 'system', detail: { rules: ['ip:all', 'ip:pki', 'ip:anonymous-csr', 'ip:/pki/scep/*', 'ip:/.well-known/est/*', 'ip:acme', 'general:all', 'general:pki'] } })]);
    expect(await t.db.selectFrom('rate_limit_seeded_defaults').select('key').execute()).toHaveLength(8);
  });

  it('should fill missing fields with the defaults and let the most specific rule win', async () => {
    await apply([
      {
        layer: 1,
        stage: 1,
        rules: [{ rate: 1000 }, { endpoint: '/api2/IDM-v1/*', rate: 100 }, { method: 'GET', endpoint: VERSION, rate: 2, burst: 0 }],
      },
    ]);
    const saved = (await admin.get(CONFIG)).json();
    expect(saved.layerRules[0].rules[2]).toEqual({ tenantId: '*', userId: '*', method: 'GET', endpoint: VERSION, periodSeconds: 60, rate: 2, burst: 0, maxDataBytes: -1 });
    const c = t.client({ remoteAddress: '10.1.0.1' });
    expect((await c.get(VERSION)).statusCode).toBe(200);
    expect((await c.get(VERSION)).statusCode).toBe(200);
    const refused = await c.get(VERSION);
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toBe('Too Many Requests');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(29);
    // The prefix rule (100) governs a sibling path, not the exact one.
    expect((await c.get(NEWS)).statusCode).toBe(200);
  });

  it('should allow rate plus burst at once, then refill at rate per period', async () => {
    await apply([{ layer: 1, stage: 1, rules: [{ endpoint: VERSION, rate: 2, burst: 3, periodSeconds: 60 }] }]);
    const c = t.client({ remoteAddress: '10.1.0.2' });
    for (let i = 0; i < 5; i++) expect((await c.get(VERSION)).statusCode).toBe(200);
    expect((await c.get(VERSION)).statusCode).toBe(429);
    t.advance(30_000); // one token back (2 per 60 s)
    expect((await c.get(VERSION)).statusCode).toBe(200);
    expect((await c.get(VERSION)).statusCode).toBe(429);
    // A clock that goes back (another instance's, or a test's) neither refills nor drains the bucket.
    t.advance(-3_600_000);
    expect((await c.get(VERSION)).statusCode).toBe(429);
    t.advance(3_600_000 + 30_000);
    expect((await c.get(VERSION)).statusCode).toBe(200);
  });

  it('should refuse a Content-Length over maxDataBytes with 413 before reading the body, and not count it as a request', async () => {
    await apply([{ layer: 1, stage: 1, rules: [{ method: 'POST', endpoint: '/api2/Authentication-v1/*', maxDataBytes: 40 }] }]);
    const c = t.client({ remoteAddress: '10.1.0.3' });
    const big = await c.post('/api2/Authentication-v1/login', { username: 'admin', password: 'x'.repeat(60) });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', field: 'body', message: expect.stringContaining('at most 40 bytes') });
    const small = await c.post('/api2/Authentication-v1/login', { username: 'a', password: 'b' });
    expect(small.statusCode).not.toBe(413);
  });

  it('should check the IP stage before the general stage: one address shares its budget across users', async () => {
    await apply([
      { layer: 1, stage: 0, rules: [{ endpoint: VERSION, rate: 3, burst: 0 }] },
      { layer: 1, stage: 1, rules: [{ endpoint: VERSION, rate: 2, burst: 0 }] },
    ]);
    const carol = t.client({ remoteAddress: '10.2.0.1' });
    await carol.login('carol', TEST_PASSWORD);
    const dave = t.client({ remoteAddress: '10.2.0.1' });
    await dave.login('dave', TEST_PASSWORD);
    expect((await carol.get(VERSION)).statusCode).toBe(200);
    expect((await carol.get(VERSION)).statusCode).toBe(200);
    expect((await carol.get(VERSION)).statusCode).toBe(429); // carol's general bucket (2) is empty
    expect((await dave.get(VERSION)).statusCode).toBe(200); // the address has one token left
    expect((await dave.get(VERSION)).statusCode).toBe(429); // the address (3) is empty though dave has one
    // Dave's refused request took nothing from his own bucket: from another address he still has one.
    const daveElsewhere = t.client({ remoteAddress: '10.2.0.2' });
    await daveElsewhere.login('dave', TEST_PASSWORD);
    expect((await daveElsewhere.get(VERSION)).statusCode).toBe(200);
    expect((await daveElsewhere.get(VERSION)).statusCode).toBe(429);
  });

  it("should keep tenants apart: tenant A's layer-0 rule never throttles tenant B", async () => {
    await apply([{ layer: 0, stage: 1, rules: [{ endpoint: VERSION, rate: 1, burst: 0 }] }]);
    const carol = t.client({ remoteAddress: '10.3.0.1' });
    await carol.login('carol', TEST_PASSWORD);
    expect((await carol.get(VERSION)).statusCode).toBe(200);
    expect((await carol.get(VERSION)).statusCode).toBe(429);
    const bob = t.client({ remoteAddress: '10.3.0.1' });
    const login = await bob.post('/api2/Authentication-v1/login', { username: 'bob', password: TEST_PASSWORD }, { headers: { host: 'globex.test' } });
    expect(login.statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await bob.get(VERSION)).statusCode).toBe(200);
    // Tenant B does not even see tenant A's layer 0.
    expect((await bob.get(CONFIG)).json().layerRules.filter((group: { layer: number }) => group.layer === 0)).toEqual([]);
    expect((await admin.put(CONFIG, { layerRules: [{ layer: 0, stage: 1, rules: [{ tenantId: otherTenantId, rate: 1 }] }] })).json()).toMatchObject({
      field: 'layerRules[0].rules[0].tenantId',
    });
  });

  it("should match a tenant's layer-0 rules to its API keys (under the key's creator), not to other tenants' keys", async () => {
    const keyOf = async (client: TestClient, name: string, host?: string) =>
      (await client.post('/api2/IDM-v1/ApiKeys', { name, permissions: ['ticketView'], expiresInDays: 7 }, host ? { headers: { host } } : {})).json().secret as string;
    const ours = await keyOf(admin, 'limited-by-tenant');
    const adminUserId = (await admin.get('/api/login')).json().id as string;
    await t.createUser(otherTenantId, 'erin', ['apiKeyManage', 'ticketView']);
    const erin = t.client({ remoteAddress: '10.4.0.3' });
    expect((await erin.post('/api2/Authentication-v1/login', { username: 'erin', password: TEST_PASSWORD }, { headers: { host: 'globex.test' } })).statusCode).toBe(200);
    const theirs = await keyOf(erin, 'globex-key', 'globex.test');
    // A per-creator rule on tenant A's layer 0: a key acts for its creator, so the rule holds the key.
    await apply([{ layer: 0, stage: 1, rules: [{ userId: adminUserId, endpoint: VERSION, rate: 2, burst: 0 }, { endpoint: NEWS, rate: 1, burst: 0 }] }]);
    const withKey = (secret: string, url: string, address: string) =>
      t.app.inject({ method: 'GET', url, remoteAddress: address, headers: { authorization: `Bearer ${secret}` } });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await withKey(ours, VERSION, '10.4.0.1')).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
    // Tenant B's key is not held by tenant A's layer 0, on either rule.
    for (let i = 0; i < 3; i++) expect((await withKey(theirs, VERSION, '10.4.0.4')).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await withKey(theirs, NEWS, '10.4.0.4')).statusCode).not.toBe(429);
    // Tenant A's tenant-wide rule holds a key of tenant A.
    expect((await withKey(ours, NEWS, '10.4.0.5')).statusCode).not.toBe(429);
    expect((await withKey(ours, NEWS, '10.4.0.5')).statusCode).toBe(429);
  });

  it("should let another tenant's rateLimitEdit change its own layer 0 only, never the management layers every tenant runs under", async () => {
    await apply([{ layer: 1, stage: 1, rules: [{ rate: 900 }] }]);
    await t.createUser(otherTenantId, 'frank', ['rateLimitEdit']);
    const frank = t.client({ remoteAddress: '10.5.0.1' });
    expect((await frank.post('/api2/Authentication-v1/login', { username: 'frank', password: TEST_PASSWORD }, { headers: { host: 'globex.test' } })).statusCode).toBe(200);
    const onGlobex = { headers: { host: 'globex.test' } };
    const read = (await frank.get(CONFIG, onGlobex)).json();
    const auditsBefore = (await t.auditRows('ratelimits.update')).length;
    // Raising the installation's limit, or dropping the management layers, is refused and changes nothing.
    for (const layerRules of [[{ layer: 1, stage: 1, rules: [{ rate: 100000 }] }], []]) {
      const res = await frank.put(CONFIG, { layerRules }, onGlobex);
      expect([res.statusCode, res.json().message]).toEqual([403, MANAGEMENT_LAYERS_FORBIDDEN_MESSAGE]);
    }
    expect((await admin.get(CONFIG)).json().layerRules).toEqual([{ layer: 1, stage: 1, rules: [expect.objectContaining({ rate: 900 })] }]);
    expect(await t.auditRows('ratelimits.update')).toHaveLength(auditsBefore);
    // The management layers sent back as read, with a layer-0 rule of its own: saved.
    const own = { layer: 0, stage: 1, rules: [{ tenantId: otherTenantId, endpoint: NEWS, rate: 50 }] };
    const saved = await frank.put(CONFIG, { layerRules: [own, ...read.layerRules] }, onGlobex);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().layerRules.map((group: { layer: number }) => group.layer)).toEqual([0, 1]);
    expect((await admin.get(CONFIG)).json().layerRules).toEqual([{ layer: 1, stage: 1, rules: [expect.objectContaining({ rate: 900 })] }]);
  });

  it('should refuse a bad config whole, naming the rule and the field, and change nothing', async () => {
    await apply([{ layer: 1, stage: 1, rules: [{ rate: 500 }] }]);
    const auditsBefore = (await t.auditRows('ratelimits.update')).length;
    const cases: [unknown, string][] = [
      [{ layerRules: [{ layer: 1, stage: 1, rules: [{ rate: 5 }] }, { layer: 12, stage: 0, rules: [] }] }, 'layerRules[1].layer'],
      [{ layerRules: [{ layer: 1, stage: 3, rules: [] }] }, 'layerRules[0].stage'],
      [{ layerRules: [{ layer: 1, stage: 1, rules: [{ rate: 5 }, { burst: -5 }] }] }, 'layerRules[0].rules[1].burst'],
      [{ layerRules: [{ layer: 1, stage: 1, rules: [{ method: 'BREW' }] }] }, 'layerRules[0].rules[0].method'],
      [{ layerRules: [{ layer: 1, stage: 1, rules: [{ endpoint: 'no-slash' }] }] }, 'layerRules[0].rules[0].endpoint'],
    ];
    for (const [body, field] of cases) {
      const res = await admin.put(CONFIG, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', field });
    }
    expect((await admin.get(CONFIG)).json()).toEqual({
      layerRules: [{ layer: 1, stage: 1, rules: [{ tenantId: '*', userId: '*', method: '*', endpoint: '*', periodSeconds: 60, rate: 500, burst: -1, maxDataBytes: -1 }] }],
    });
    expect(await t.auditRows('ratelimits.update')).toHaveLength(auditsBefore);
  });

  it('should audit a change and refuse it to a user without rateLimitEdit', async () => {
    await apply([{ layer: 1, stage: 1, rules: [{ rate: 700 }] }]);
    expect((await t.auditRows('ratelimits.update')).at(-1)).toMatchObject({ actor_username: 'admin', tenant_id: tenantId, detail: expect.objectContaining({ rulesAfter: 1 }) });
    const carol = t.client({ remoteAddress: '10.4.0.1' });
    await carol.login('carol', TEST_PASSWORD);
    expect((await carol.get(CONFIG)).statusCode).toBe(200);
    expect((await carol.put(CONFIG, { layerRules: [] })).statusCode).toBe(403);
    await t.breakAudit();
    try {
      const res = await admin.put(CONFIG, { layerRules: [] });
      expect([res.statusCode, res.body]).toEqual([503, 'Audit failed']);
    } finally {
      await t.repairAudit();
    }
    expect((await admin.get(CONFIG)).json().layerRules).toHaveLength(1);
  });

  it('should count allowed and refused requests per rule', async () => {
    await apply([{ layer: 1, stage: 0, rules: [{ endpoint: NEWS, rate: 2, burst: 0 }, { rate: 100000 }] }]);
    const c = t.client({ remoteAddress: '10.5.0.1' });
    for (let i = 0; i < 4; i++) await c.get(NEWS);
    const status = (await admin.get(STATUS)).json();
    const news = status.rules.find((entry: { rule: { endpoint: string } }) => entry.rule.endpoint === NEWS);
    expect(news).toMatchObject({ layer: 1, stage: 0, index: 0, allowed: 2, refused: 2 });
    expect(news.minutes).toHaveLength(10);
  });

  it('should turn off with an empty config', async () => {
    await apply([]);
    const c = t.client({ remoteAddress: '10.6.0.1' });
    for (let i = 0; i < 5; i++) expect((await c.get(VERSION)).statusCode).toBe(200);
  });
});
