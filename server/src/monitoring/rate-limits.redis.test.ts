/**
 * The rule engine with its buckets in the machine's Redis (issue 14): two server instances on one database
 * and one Redis share one budget, see a change within a second, and a session-checked request costs one
 * Redis round trip (the session read and the buckets in one script). Uses TESSERA_TEST_REDIS_URL, or starts
 * its own redis-server when that is on PATH.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import { TestClient } from '../test-helpers/client';
import { findBinary, startOwnRedis, type OwnRedis } from '../test-helpers/services';
import { commandsDuring } from '../test-helpers/redis-commands';

const CONFIG = '/api2/Monitoring-v1/RateLimitConfig';
const VERSION = '/api2/IDM-v1/Version';
const CHECK = '/api2/Authentication-v1/check-session';

const haveRedis = Boolean(process.env.TESSERA_TEST_REDIS_URL) || findBinary('redis-server') !== null;

(haveRedis ? describe : describe.skip)('rate-limit rules in Redis, two instances', () => {
  let own: OwnRedis | null = null;
  let t: TestContext;
  let second: FastifyInstance;
  let admin: TestClient;

  beforeAll(async () => {
    if (!process.env.TESSERA_TEST_REDIS_URL) {
      own = await startOwnRedis();
      process.env.TESSERA_TEST_REDIS_URL = own!.url;
    }
    t = await build({ redis: true });
    await t.bootstrap();
    second = await buildApp({ env: {}, db: t.db, config: { ...t.app.config } });
    await second.ready();
    admin = t.client({ remoteAddress: '10.7.0.1' });
    await admin.login('admin', TEST_PASSWORD);
  }, 120_000);
  afterAll(async () => {
    await second?.close();
    await t?.close();
    if (own) {
      delete process.env.TESSERA_TEST_REDIS_URL;
      await own.stop();
    }
  });

  it('should let exactly rate + burst of 2 × rate requests through, spread over both instances, and apply a change on both within a second', async () => {
    const put = await admin.put(CONFIG, { layerRules: [{ layer: 1, stage: 0, rules: [{ endpoint: VERSION, rate: 10, burst: 5, periodSeconds: 3600 }, { rate: 100000 }] }] });
    expect(put.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const one = t.client({ remoteAddress: '10.7.0.2' });
    const two = new TestClient(second, { remoteAddress: '10.7.0.2' });
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await (i % 2 === 0 ? one : two).get(VERSION)).statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(15);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    const refused = await two.get(VERSION);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
    // Counters are shared too: either instance reports all of them.
    const status = (await new TestClient(second, { remoteAddress: '10.7.0.1' }).get('/api2/Monitoring-v1/RateLimitStatus')).statusCode;
    expect(status).toBe(401); // anonymous on the second instance: a session is needed
    const counts = (await admin.get('/api2/Monitoring-v1/RateLimitStatus')).json().rules.find((r: { rule: { endpoint: string } }) => r.rule.endpoint === VERSION);
    expect(counts).toMatchObject({ allowed: 15, refused: 6 });
  });

  it('should check a session with one Redis round trip: the session read and the buckets in one script', async () => {
    await admin.put(CONFIG, { layerRules: [{ layer: 1, stage: 0, rules: [{ rate: 100000 }] }, { layer: 1, stage: 1, rules: [{ rate: 100000 }] }] });
    const { result: res, commands } = await commandsDuring(t.app.redis!, () => admin.post(CHECK));
    expect(res.statusCode).toBe(200);
    expect(commands).toEqual(['evalsha']);
  });

  it("should hold an API key to its tenant's layer-0 rule across both instances", async () => {
    const secret = (await admin.post('/api2/IDM-v1/ApiKeys', { name: 'redis-limited', permissions: ['ticketView'], expiresInDays: 7 })).json().secret as string;
    await admin.put(CONFIG, { layerRules: [{ layer: 0, stage: 1, rules: [{ endpoint: VERSION, rate: 2, burst: 0, periodSeconds: 3600 }] }] });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const app = i % 2 === 0 ? t.app : second;
      statuses.push((await app.inject({ method: 'GET', url: VERSION, remoteAddress: '10.7.0.9', headers: { authorization: `Bearer ${secret}` } })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 429, 429]);
    await admin.put(CONFIG, { layerRules: [] });
  });

  it('should refuse a revoked session at once on the other instance (no session cache)', async () => {
    const c = t.client({ remoteAddress: '10.7.0.3' });
    await c.login('admin', TEST_PASSWORD);
    const onSecond = new TestClient(second, { remoteAddress: '10.7.0.3' });
    for (const [name, value] of c.cookies) onSecond.cookies.set(name, value);
    expect((await onSecond.post(CHECK)).statusCode).toBe(200);
    expect((await c.post('/api2/Authentication-v1/logout')).statusCode).toBeLessThan(300);
    expect((await onSecond.post(CHECK)).body).toBe('not_logged_in');
  });
});
