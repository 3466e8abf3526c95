/**
 * In-process CPU cost of one check-session (issues 10 and 11): the app as `server.ts` builds it (pino logger at
 * `warn`, the same redact paths), a signed-in session, the rate limits raised as `npm run bench` raises them,
 * then rounds of `app.inject` check-sessions alternating with rounds of the same inject on a bare Fastify route;
 * prints the process CPU time (user + system) a request of each, median of the rounds. `app.inject` leaves Node's
 * HTTP out, so the figures are the hooks', the route's and the logger's: the part the server's code decides.
 *
 *   node --import tsx scripts/bench/check-session-cpu.ts                # embedded PGlite, memory stores
 *   TESSERA_TEST_REDIS_URL=redis://… node --import tsx scripts/bench/check-session-cpu.ts redis   # Redis stores
 *
 * Env: CS_ROUNDS (default 10), CS_PER_ROUND (default 5000).
 */
import Fastify from 'fastify';
import { randomBytes } from 'node:crypto';
import { buildApp } from '../../server/src/app';
import { createTestDatabase } from '../../server/src/test-helpers/database';

const ROUNDS = Number(process.env.CS_ROUNDS ?? 10);
const PER_ROUND = Number(process.env.CS_PER_ROUND ?? 5000);
const ADMIN = { tenantName: 'Bench', username: 'admin', password: 'bench password 1234', emailAddress: 'admin@bench.test' };

function cookiesOf(jar: Map<string, string>, setCookie: string | string[] | undefined): void {
  for (const line of setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie]) {
    const pair = line.split(';')[0] ?? '';
    const eq = pair.indexOf('=');
    jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
}

async function main(): Promise<void> {
  const redis = process.argv[2] === 'redis';
  const redisUrl = redis ? process.env.TESSERA_TEST_REDIS_URL : undefined;
  if (redis && !redisUrl) throw new Error('redis mode needs TESSERA_TEST_REDIS_URL');
  const database = await createTestDatabase();
  const app = await buildApp({
    env: {},
    db: database.db,
    logger: { level: 'warn', redact: ['req.headers.cookie', 'req.headers["x-xsrf-token"]', 'req.headers.authorization', 'res.headers["set-cookie"]'] },
    config: {
      dataDir: '/nonexistent-tessera-bench',
      webDir: '/nonexistent-tessera-bench-web',
      redisUrl: redisUrl ?? null,
      redisPrefix: `tessera-bench:${randomBytes(6).toString('hex')}:`,
      secretKey: randomBytes(32).toString('base64'),
      rateLimitMax: 100_000_000,
    },
  });
  await app.ready();
  const jar = new Map<string, string>();
  const header = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const send = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => {
    const response = await app.inject({ method, url, headers: { cookie: header(), 'x-xsrf-token': jar.get('XSRF-TOKEN') ?? '' }, ...(body === undefined ? {} : { payload: body as object }) });
    cookiesOf(jar, response.headers['set-cookie'] as string | string[] | undefined);
    return response;
  };
  await send('GET', '/api2/Authentication-v1/Xsrf');
  const boot = await send('POST', '/api2/IDM-v1/Bootstrap', ADMIN);
  if (boot.statusCode !== 201) throw new Error(`bootstrap: ${boot.statusCode} ${boot.body}`);
  const login = await send('POST', '/api2/Authentication-v1/login', { username: ADMIN.username, password: ADMIN.password });
  if (login.statusCode !== 200) throw new Error(`login: ${login.statusCode} ${login.body}`);
  const limits = await send('PUT', '/api2/Monitoring-v1/RateLimitConfig', {
    layerRules: [
      { layer: 1, stage: 0, rules: [{ rate: 100000000, periodSeconds: 60 }] },
      { layer: 1, stage: 1, rules: [{ rate: 100000000, burst: 100000000, periodSeconds: 60 }] },
    ],
  });
  if (limits.statusCode !== 200 && limits.statusCode !== 204) throw new Error(`limits: ${limits.statusCode} ${limits.body}`);

  const bare = Fastify({ logger: false });
  bare.post('/check', async () => ({ remainingSeconds: 900, expiresAt: new Date().toISOString(), absoluteExpiresAt: new Date().toISOString() }));
  await bare.ready();

  const checkOptions = { method: 'POST' as const, url: '/api2/Authentication-v1/check-session', headers: { cookie: header(), 'x-xsrf-token': jar.get('XSRF-TOKEN') ?? '' } };
  const bareOptions = { method: 'POST' as const, url: '/check', headers: { cookie: header(), 'x-xsrf-token': jar.get('XSRF-TOKEN') ?? '' } };
  const round = async (target: { inject: typeof app.inject }, options: typeof checkOptions, count: number): Promise<number> => {
    const cpu0 = process.cpuUsage();
    // 16 in flight, as the HTTP bench's 16 connections.
    let left = count;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (left > 0) {
          left -= 1;
          const response = await target.inject(options);
          if (response.statusCode !== 200) throw new Error(`${options.url}: ${response.statusCode} ${response.body}`);
        }
      }),
    );
    const cpu = process.cpuUsage(cpu0);
    return (cpu.user + cpu.system) / count;
  };
  await round(app, checkOptions, PER_ROUND * 2);
  await round(bare, bareOptions, PER_ROUND);
  const check: number[] = [];
  const bareCosts: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    check.push(await round(app, checkOptions, PER_ROUND));
    bareCosts.push(await round(bare, bareOptions, PER_ROUND));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
  const c = median(check);
  const b = median(bareCosts);
  console.log(
    JSON.stringify({ mode: redis ? 'redis' : 'embedded', checkMicros: Number(c.toFixed(1)), bareMicros: Number(b.toFixed(1)), addedMicros: Number((c - b).toFixed(1)), load: (await import('node:os')).loadavg()[0] }),
  );
  await bare.close();
  await app.close();
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
