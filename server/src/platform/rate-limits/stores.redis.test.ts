/**
 * The Redis store decides the checks of one turn of the event loop in one script call (issue 11, scale mode):
 * the same decisions, in the same order, as the in-process store deciding them one by one, and one round trip
 * for the turn. Uses TESSERA_TEST_REDIS_URL, or starts its own redis-server when that is on PATH.
 */
import { Redis } from 'ioredis';
import { GENERAL_STAGE, IP_STAGE, RATE_LIMIT_RULE_DEFAULTS, TENANT_LAYER } from '@tessera/domain';
import type { SessionRecord } from '../session-store';
import { findBinary, startOwnRedis, type OwnRedis } from '../../test-helpers/services';
import { commandsDuring } from '../../test-helpers/redis-commands';
import { RuleSet, type StoredRule } from './rule-set';
import { MemoryRateLimitStore, REDIS_CHECKS_PER_CALL, RedisRateLimitStore, type CheckInput, type CheckResult } from './stores';

const haveRedis = Boolean(process.env.TESSERA_TEST_REDIS_URL) || findBinary('redis-server') !== null;
const MINUTE = 60_000;
const T0 = 1_800_000_000_000 - (1_800_000_000_000 % MINUTE);

function rules(...stored: (Partial<StoredRule> & Pick<StoredRule, 'stage' | 'index' | 'rule'>)[]): RuleSet {
  return new RuleSet(stored.map((rule) => ({ ownerTenantId: null, layer: 1, ...rule })));
}

function record(id: string, userId: string, tenantId: string, extra: Partial<SessionRecord> = {}): SessionRecord {
  return { id, userId, tenantId, state: 'active', createdAt: T0, lastSeenAt: T0, idleExpiresAt: T0 + 3_600_000, absoluteExpiresAt: T0 + 3_600_000, ...extra };
}

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

(haveRedis ? describe : describe.skip)('RedisRateLimitStore: the checks of a turn in one script call', () => {
  let own: OwnRedis | null = null;
  let redis: Redis;
  let n = 0;
  /** A store with its own key prefix, so that the tests share nothing. */
  const store = () => {
    n += 1;
    const prefix = `t${process.pid}-${n}:`;
    return { prefix, store: new RedisRateLimitStore(redis, { prefix, sessionKey: (id) => `${prefix}sess:${id}` }) };
  };
  beforeAll(async () => {
    let url = process.env.TESSERA_TEST_REDIS_URL;
    if (!url) {
      own = await startOwnRedis();
      url = own!.url;
    }
    redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
  }, 60_000);
  afterAll(async () => {
    redis?.disconnect();
    await own?.stop();
  });

  it('should decide a turn of concurrent checks in one script call, in the order they came', async () => {
    const set = rules({ stage: GENERAL_STAGE, index: 0, rule: { ...RATE_LIMIT_RULE_DEFAULTS, rate: 4, burst: 0 } });
    const { store: s } = store();
    const input: CheckInput = { groups: set.candidates('GET', '/api2/x'), ip: '10.0.0.1', anonymousSubject: 'ip:10.0.0.1', sessionId: null, keyOwner: null, contentLength: null, now: T0 };
    const { result, commands } = await commandsDuring(redis, () => Promise.all(Array.from({ length: 10 }, () => s.check(input))));
    expect(commands).toEqual(['evalsha']);
    expect(result.map((r) => r.outcome)).toEqual(['allowed', 'allowed', 'allowed', 'allowed', 'refused', 'refused', 'refused', 'refused', 'refused', 'refused']);
    // The next turn sees what the first left: still empty.
    expect((await s.check({ ...input, now: T0 + 1 })).outcome).toBe('refused');
  });

  it(`should split a turn of more than ${REDIS_CHECKS_PER_CALL} checks into calls that keep the order`, async () => {
    const total = REDIS_CHECKS_PER_CALL * 2 + 44;
    const set = rules({ stage: GENERAL_STAGE, index: 0, rule: { ...RATE_LIMIT_RULE_DEFAULTS, rate: total - 50, burst: 0, periodSeconds: 3600 } });
    const { store: s } = store();
    const input: CheckInput = { groups: set.candidates('GET', '/api2/x'), ip: '10.0.0.1', anonymousSubject: 'ip:10.0.0.1', sessionId: null, keyOwner: null, contentLength: null, now: T0 };
    const { result, commands } = await commandsDuring(redis, () => Promise.all(Array.from({ length: total }, () => s.check(input))));
    expect(commands).toEqual(['evalsha', 'evalsha', 'evalsha']);
    const outcomes = result.map((r) => r.outcome);
    expect(outcomes.slice(0, total - 50).every((o) => o === 'allowed')).toBe(true);
    expect(outcomes.slice(total - 50).every((o) => o === 'refused')).toBe(true);
  });

  it('should reject every check of a failed call, and decide the next turn as usual', async () => {
    const set = rules({ stage: GENERAL_STAGE, index: 0, rule: { ...RATE_LIMIT_RULE_DEFAULTS, rate: 5, burst: 0 } });
    const { store: s } = store();
    const input: CheckInput = { groups: set.candidates('GET', '/api2/x'), ip: '10.0.0.1', anonymousSubject: 'ip:10.0.0.1', sessionId: null, keyOwner: null, contentLength: null, now: T0 };
    const holder = redis as unknown as { tesseraRateLimitChecks: (...args: unknown[]) => Promise<unknown> };
    const original = holder.tesseraRateLimitChecks;
    holder.tesseraRateLimitChecks = () => Promise.reject(new Error('Connection is closed.'));
    let failed: PromiseSettledResult<CheckResult>[];
    try {
      failed = await Promise.allSettled([s.check(input), s.check(input), s.check(input)]);
    } finally {
      holder.tesseraRateLimitChecks = original;
    }
    expect(failed.map((r) => (r.status === 'rejected' ? (r.reason as Error).message : r.status))).toEqual(['Connection is closed.', 'Connection is closed.', 'Connection is closed.']);
    // Nothing was taken by the failed call: the bucket is full.
    const after = await Promise.all(Array.from({ length: 6 }, () => s.check(input)));
    expect(after.map((r) => r.outcome)).toEqual(['allowed', 'allowed', 'allowed', 'allowed', 'allowed', 'refused']);
  });

  it('should fail only the checks of a session record that is not JSON, and answer the others of the call', async () => {
    const set = rules({ stage: GENERAL_STAGE, index: 0, rule: { ...RATE_LIMIT_RULE_DEFAULTS, rate: 100, burst: 0 } });
    const { prefix, store: s } = store();
    await redis.set(`${prefix}sess:good`, JSON.stringify(record('good', 'user-1', 'tenant-1')));
    await redis.set(`${prefix}sess:bad`, '{not json');
    const input = (sessionId: string | null): CheckInput => ({ groups: set.candidates('GET', '/api2/x'), ip: '10.0.0.1', anonymousSubject: 'ip:10.0.0.1', sessionId, keyOwner: null, contentLength: null, now: T0 });
    const { result, commands } = await commandsDuring(redis, () => Promise.allSettled([s.check(input('good')), s.check(input('bad')), s.check(input(null)), s.check(input('missing'))]));
    expect(commands).toEqual(['evalsha']);
    expect(result.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    const [good, , anonymous, missing] = result.map((r) => (r.status === 'fulfilled' ? r.value : null));
    expect(good?.session).toEqual(record('good', 'user-1', 'tenant-1'));
    expect(anonymous?.session).toBeUndefined();
    expect(missing?.session).toBeNull();
  });

  it('should give the same decisions, retry times, sessions and counters as the in-process store, whatever the batches', async () => {
    // Per address 30 + 5 an hour; per subject 12 + 3 a minute; tenant-1's own rule 6 a minute (layer 0, over
    // the general one for its users); user-2 at most 2 a minute; bodies over 1,000 bytes refused for everyone.
    const set = rules(
      { stage: IP_STAGE, index: 0, rule: { ...RATE_LIMIT_RULE_DEFAULTS, rate: 30, burst: 5, periodSeconds: 3600 } },
      { stage: GENERAL_STAGE, index: 0, rule: { ...RATE_LIMIT_RULE_DEFAULTS, rate: 12, burst: 3, maxDataBytes: 1000 } },
      { stage: GENERAL_STAGE, index: 1, rule: { ...RATE_LIMIT_RULE_DEFAULTS, rate: 2, burst: 0, userId: 'user-2' } },
      { layer: TENANT_LAYER, ownerTenantId: 'tenant-1', stage: GENERAL_STAGE, index: 0, rule: { ...RATE_LIMIT_RULE_DEFAULTS, rate: 6, burst: 0 } },
    );
    const other = rules({ stage: GENERAL_STAGE, index: 0, rule: { ...RATE_LIMIT_RULE_DEFAULTS, endpoint: '/api2/y', rate: 3, burst: 0 } });
    const sessions: Record<string, SessionRecord> = {
      s1: record('s1', 'user-1', 'tenant-1'),
      s2: record('s2', 'user-2', 'tenant-2'),
      s3: record('s3', 'user-3', 'tenant-2', { state: 'pending' }),
      s4: record('s4', 'user-4', 'tenant-2', { idleExpiresAt: T0 + 90_000 }),
    };
    const { prefix, store: viaRedis } = store();
    for (const [id, rec] of Object.entries(sessions)) await redis.set(`${prefix}sess:${id}`, JSON.stringify(rec));
    const inProcess = new MemoryRateLimitStore({ readSession: (id) => sessions[id] ?? null });

    const next = random(20261128);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T;
    const inputs: CheckInput[] = [];
    let now = T0;
    for (let i = 0; i < 400; i++) {
      now += Math.floor(next() * 900);
      const ip = pick(['10.0.0.1', '10.0.0.2', '10.0.0.3']);
      const sessionId = pick([null, null, 's1', 's2', 's3', 's4', 'gone']);
      const key = sessionId === null && next() < 0.3 ? pick([{ keyId: 'key-a', owner: { tenantId: 'tenant-1', userId: 'user-9' } }, { keyId: 'key-b', owner: null }]) : null;
      inputs.push({
        groups: next() < 0.8 ? set.candidates('POST', '/api2/x') : other.candidates('GET', '/api2/y'),
        ip,
        anonymousSubject: key ? `k:${key.keyId}` : `ip:${ip}`,
        sessionId,
        keyOwner: key?.owner ?? null,
        contentLength: next() < 0.1 ? 1500 : next() < 0.5 ? 200 : null,
        now,
      });
    }
    const expected: CheckResult[] = [];
    for (const input of inputs) expected.push(await inProcess.check(input));
    const actual: CheckResult[] = [];
    let calls = 0;
    for (let i = 0; i < inputs.length; ) {
      const size = 1 + Math.floor(next() * 24);
      const { result, commands } = await commandsDuring(redis, () => Promise.all(inputs.slice(i, i + size).map((input) => viaRedis.check(input))));
      calls += commands.length;
      actual.push(...result);
      i += size;
    }
    expect(calls).toBeLessThan(inputs.length / 5);
    const shape = (r: CheckResult) => ({ outcome: r.outcome, retryAfterMs: Math.ceil(r.retryAfterMs), maxDataBytes: r.maxDataBytes, session: r.session });
    expect(actual.map(shape)).toEqual(expected.map(shape));
    // Every outcome happened, so the comparison covered each path.
    expect(new Set(expected.map((r) => r.outcome))).toEqual(new Set(['allowed', 'refused', 'tooLarge']));
    const keys = [...set.groups, ...other.groups].flatMap((group) => group.rules.map((rule) => rule.key));
    const minutes = Math.ceil((now - T0) / MINUTE) + 1;
    expect(await viaRedis.minutes(keys, now, minutes)).toEqual(await inProcess.minutes(keys, now, minutes));
  });
});
