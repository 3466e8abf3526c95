/**
 * Issue 11, "when a real part goes away": a test kills and restarts its own Redis and PostgreSQL and
 * checks 503 naming the part within about 2 s, one log line per outage, and recovery by itself.
 * Skipped only when redis-server or the PostgreSQL binaries are absent, never under CI=true.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { createTestDatabase, type TestDatabase } from '../test-helpers/database';
import { findBinary, startOwnPostgres, startOwnRedis, type OwnPostgres, type OwnRedis } from '../test-helpers/services';
import { isDatabaseConnectionError, isRedisConnectionError } from './availability';

const PASSWORD = 'correct horse battery staple';
const haveRedis = findBinary('redis-server') !== null;
const havePostgres = findBinary('initdb', ['/usr/lib/postgresql/15/bin', ...(process.env.PATH ?? '').split(':')]) !== null;
const inCi = process.env.CI === 'true';

/** Log lines (pino JSON) of an app. */
function captureLog(): { lines: { level: number; msg: string }[]; stream: { write(line: string): void } } {
  const lines: { level: number; msg: string }[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(JSON.parse(line) as { level: number; msg: string }) } };
}

async function signIn(app: FastifyInstance): Promise<Record<string, string>> {
  const xsrf = await app.inject({ method: 'GET', url: '/api2/Authentication-v1/Xsrf' });
  const token = xsrf.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const boot = await app.inject({ method: 'POST', url: '/api2/IDM-v1/Bootstrap', headers: { 'x-xsrf-token': token, cookie: `XSRF-TOKEN=${token}` }, payload: { tenantName: 'Acme', username: 'admin', password: PASSWORD, emailAddress: 'admin@acme.test' } });
  if (boot.statusCode !== 201) throw new Error(`bootstrap: ${boot.statusCode} ${boot.body}`);
  const login = await app.inject({ method: 'POST', url: '/api2/Authentication-v1/login', headers: { 'x-xsrf-token': token, cookie: `XSRF-TOKEN=${token}` }, payload: { username: 'admin', password: PASSWORD } });
  if (login.statusCode !== 200) throw new Error(`login: ${login.statusCode} ${login.body}`);
  const session = login.cookies.find((c) => c.name === 'tessera_session')?.value ?? '';
  return { 'x-xsrf-token': token, cookie: `XSRF-TOKEN=${token}; tessera_session=${session}` };
}

async function timed<T>(f: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await f();
  return { value, ms: performance.now() - started };
}

/** Waits for `check`; a restarted PostgreSQL replays its WAL after the kill, which takes longer on a loaded machine. */
async function until(check: () => Promise<boolean>, timeoutMs = 45_000, last: () => string = () => ''): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`did not recover in time ${last()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('classifying lost connections', () => {
  it('should tell ioredis and pg connection errors from others', () => {
    expect(isRedisConnectionError(new Error("Stream isn't writeable and enableOfflineQueue options is false"))).toBe(true);
    expect(isRedisConnectionError(Object.assign(new Error('x'), { name: 'MaxRetriesPerRequestError' }))).toBe(true);
    expect(isDatabaseConnectionError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseConnectionError(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseConnectionError(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isRedisConnectionError(new Error('secret database detail'))).toBe(false);
  });

  it('should run the outage tests under CI (the binaries are installed there)', () => {
    if (inCi) expect({ haveRedis, havePostgres }).toEqual({ haveRedis: true, havePostgres: true });
  });
});

const redisDescribe = haveRedis || inCi ? describe : describe.skip;
redisDescribe('Redis goes away (skipped only when redis-server is not installed)', () => {
  let redis: OwnRedis | null;
  let database: TestDatabase;
  let app: FastifyInstance;
  const log = captureLog();
  const errors: unknown[][] = [];
  let consoleError: jest.SpyInstance;

  beforeAll(async () => {
    consoleError = jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args));
    redis = await startOwnRedis();
    if (!redis) throw new Error('redis-server is not installed');
    database = await createTestDatabase();
    app = await buildApp({ env: {}, db: database.db, logger: { level: 'info', stream: log.stream }, config: { webDir: '/nonexistent', redisUrl: redis.url, redisPrefix: 'outage-test:' } });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await redis?.stop();
    consoleError?.mockRestore();
  });

  it('should answer 503 Redis unreachable quickly, log once, and recover when Redis is back', async () => {
    const headers = await signIn(app);
    const check = () => app.inject({ method: 'POST', url: '/api2/Authentication-v1/check-session', headers });
    expect((await check()).statusCode).toBe(200);

    await redis!.kill();
    for (let i = 0; i < 4; i++) {
      const { value: res, ms } = await timed(check);
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 503, body: { code: 'SERVICE_UNAVAILABLE', message: 'Redis unreachable' } });
      expect(ms).toBeLessThan(2000);
    }
    const version = await app.inject({ method: 'GET', url: '/api2/IDM-v1/Version' });
    expect(version.statusCode).toBe(503);
    await new Promise((r) => setTimeout(r, 1500)); // reconnect attempts fail meanwhile
    expect(log.lines.filter((l) => l.msg === 'Redis unreachable')).toHaveLength(1);
    expect(log.lines.filter((l) => l.msg === 'request failed')).toHaveLength(0);
    expect(errors.flat().join(' ')).not.toMatch(/Unhandled error event/);

    await redis!.start();
    await until(async () => (await app.inject({ method: 'GET', url: '/api2/IDM-v1/Version' })).statusCode === 200);
    // Redis kept sessions in memory only: the session is gone, so the answer is 401, not an error.
    expect((await check()).statusCode).toBe(401);
    expect(log.lines.filter((l) => l.msg === 'Redis unreachable: reachable again')).toHaveLength(1);
  });
});

const pgDescribe = havePostgres || inCi ? describe : describe.skip;
pgDescribe('PostgreSQL goes away (skipped only when the PostgreSQL binaries are not installed)', () => {
  let postgres: OwnPostgres | null;
  let app: FastifyInstance;
  const log = captureLog();

  beforeAll(async () => {
    postgres = await startOwnPostgres();
    if (!postgres) throw new Error('PostgreSQL is not installed');
    app = await buildApp({ env: {}, logger: { level: 'info', stream: log.stream }, config: { webDir: '/nonexistent', databaseUrl: postgres.url, dataDir: '/nonexistent-tessera-test' } });
    await app.ready();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    postgres?.stop();
  });

  it('should answer 503 Database unreachable quickly, log once, and recover when PostgreSQL is back', async () => {
    const lines = () => log.lines;
    const headers = await signIn(app);
    const users = () => app.inject({ method: 'GET', url: '/api2/IDM-v1/Users', headers });
    expect((await users()).statusCode).toBe(200);

    postgres!.kill();
    for (let i = 0; i < 4; i++) {
      const { value: res, ms } = await timed(users);
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 503, body: { code: 'SERVICE_UNAVAILABLE', message: 'Database unreachable' } });
      expect(ms).toBeLessThan(2500);
    }
    expect(lines().filter((l) => l.msg === 'Database unreachable')).toHaveLength(1);
    expect(lines().filter((l) => l.msg === 'request failed')).toHaveLength(0);

    await postgres!.start();
    let last = '';
    await until(async () => {
      const res = await users();
      last = `${res.statusCode} ${res.body}`;
      return res.statusCode === 200;
    }, 45_000, () => `(last answer: ${last})`);
    expect(lines().filter((l) => l.msg === 'Database unreachable: reachable again')).toHaveLength(1);
  }, 90_000);
});
