/**
 * The Redis rate-limit script's own cost (issue 11, scale mode): Redis's CPU time a check (INFO commandstats)
 * when the checks of a turn come in batches of 1, 4, 10 and 32, with check-session's candidate rules (the
 * seeded per-address and per-user rules, raised so that none refuses) and a signed-in session, and the client's
 * own CPU time a check (ioredis and the store). Needs a Redis: BENCH_REDIS_URL.
 *
 *   BENCH_REDIS_URL=redis://127.0.0.1:6379 npx tsx scripts/bench/redis-checks.ts
 */
import { Redis } from 'ioredis';
import { RuleSet } from '../../server/src/platform/rate-limits/rule-set';
import { keyedDefaultRules } from '../../server/src/platform/rate-limits/rate-limiter';
import { RedisRateLimitStore, type CheckInput } from '../../server/src/platform/rate-limits/stores';

async function main(): Promise<void> {
  const url = process.env.BENCH_REDIS_URL;
  if (!url) throw new Error('BENCH_REDIS_URL is needed');
  const redis = new Redis(url);
  const prefix = `bench-${process.pid}:`;
  const store = new RedisRateLimitStore(redis, { prefix, sessionKey: (id) => `${prefix}sess:${id}` });
  const defaults = keyedDefaultRules({ perAddress: 1_000_000_000, windowSeconds: 60, pkiPerAddress: 1000 });
  const set = new RuleSet(defaults.map((rule, index) => ({ ownerTenantId: null, layer: rule.layer, stage: rule.stage, index, rule: { ...rule.rule, rate: rule.rule.rate < 0 ? rule.rule.rate : 1_000_000_000 } })));
  const now = Date.now();
  await redis.set(`${prefix}sess:s1`, JSON.stringify({ id: 's1', userId: '6f1c2a2e-1111-4a4a-9999-0123456789ab', tenantId: '0b5e8f0e-2222-4b4b-8888-0123456789ab', state: 'active', createdAt: now, lastSeenAt: now, idleExpiresAt: now + 3_600_000, absoluteExpiresAt: now + 3_600_000 }));
  const input = (): CheckInput => ({ groups: set.candidates('POST', '/api2/Authentication-v1/check-session'), ip: '127.0.0.1', anonymousSubject: 'ip:127.0.0.1', sessionId: 's1', keyOwner: null, contentLength: null, now: Date.now() });
  const scriptStats = async () => {
    const info = await redis.info('commandstats');
    const line = info.split('\n').find((l) => l.startsWith('cmdstat_evalsha:')) ?? '';
    const calls = Number(/calls=(\d+)/.exec(line)?.[1] ?? 0);
    const usec = Number(/usec=(\d+)/.exec(line)?.[1] ?? 0);
    return { calls, usec };
  };
  for (const batch of [1, 4, 10, 32]) {
    const checks = 20_000;
    for (let i = 0; i < 200; i++) await Promise.all(Array.from({ length: batch }, () => store.check(input())));
    const before = await scriptStats();
    const started = process.hrtime.bigint();
    const cpu0 = process.cpuUsage();
    for (let i = 0; i < checks / batch; i++) {
      const results = await Promise.all(Array.from({ length: batch }, () => store.check(input())));
      if (results.some((r) => r.outcome !== 'allowed')) throw new Error('a check was refused: raise the bench rules');
    }
    const wallUs = Number(process.hrtime.bigint() - started) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const after = await scriptStats();
    const calls = after.calls - before.calls;
    const perCheck = (after.usec - before.usec) / checks;
    console.log(`batch ${String(batch).padStart(2)}: ${calls} script calls, Redis ${perCheck.toFixed(1)} µs a check inside the script (${((after.usec - before.usec) / calls).toFixed(1)} µs a call); ${(wallUs / checks).toFixed(1)} µs of wall time and ${((cpu.user + cpu.system) / checks).toFixed(1)} µs of this process's CPU a check here`);
  }
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
}

void main();
