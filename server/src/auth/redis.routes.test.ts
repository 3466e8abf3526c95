/**
 * Sessions and rate limits with Redis behind them (TESSERA_TEST_REDIS_URL, set by
 * `node scripts/test-services.mjs start` when redis-server is installed). Skipped without it.
 */
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';

const LOGIN = '/api2/Authentication-v1/login';
const CHECK = '/api2/Authentication-v1/check-session';
const REFRESH = '/api2/Authentication-v1/refresh-session';

(process.env.TESSERA_TEST_REDIS_URL ? describe : describe.skip)('sessions and rate limits in Redis', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await build({ redis: true, config: { sessionIdleSeconds: 900, sessionAbsoluteSeconds: 3600, loginMaxFailuresPerAccount: 2, rateLimitMax: 200 } });
    await t.bootstrap();
  });
  afterAll(async () => t?.close());

  it('should keep sessions in Redis, not in the sessions table', async () => {
    expect(t.redis).toBe(true);
    const c = t.client();
    await c.login('admin', TEST_PASSWORD);
    expect(await t.db.selectFrom('sessions').select('id').execute()).toHaveLength(0);
    expect((await c.post(CHECK)).statusCode).toBe(200);
    expect((await c.get('/api/login')).json().username).toBe('admin');
  });

  it('should extend on refresh and expire when idle', async () => {
    const c = t.client();
    await c.login('admin', TEST_PASSWORD);
    t.advance(600_000);
    expect((await c.post(CHECK)).json().remainingSeconds).toBeLessThanOrEqual(300);
    expect((await c.post(REFRESH)).json().remainingSeconds).toBeGreaterThan(890);
    t.advance(901_000);
    expect((await c.post(CHECK)).body).toBe('not_logged_in');
  });

  it('should delete the session on logout', async () => {
    const c = t.client();
    await c.login('admin', TEST_PASSWORD);
    expect((await c.post('/api2/Authentication-v1/logout')).statusCode).toBe(204);
    const replay = t.client();
    replay.cookies.set('tessera_session', c.cookies.get('tessera_session') ?? 'gone');
    expect((await c.post(CHECK)).statusCode).toBe(401);
  });

  it('should throttle failed sign-ins per account', async () => {
    for (let i = 0; i < 2; i++) await t.client({ remoteAddress: `10.5.0.${i}` }).post(LOGIN, { username: 'admin', password: 'wrong' });
    const res = await t.client({ remoteAddress: '10.5.0.9' }).post(LOGIN, { username: 'admin', password: TEST_PASSWORD });
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('LOGIN_THROTTLED');
  });

  it('should apply the seeded per-address rule', async () => {
    const c = t.client({ remoteAddress: '10.6.0.1' });
    // The seeded per-address rule (rateLimitMax 200 a minute) is a token bucket refilled continuously, so a
    // slow run gets a few more than 200 through before the 429.
    const statuses: number[] = [];
    for (let i = 0; i < 400 && statuses.at(-1) !== 429; i++) statuses.push((await c.get('/api2/IDM-v1/Version')).statusCode);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(200);
  });
});
