/** The in-process store's buckets and counters (its per-request fast paths keep the same behaviour). */
import { GENERAL_STAGE, IP_STAGE, RATE_LIMIT_RULE_DEFAULTS } from '@tessera/domain';
import type { SessionRecord } from '../session-store';
import { RuleSet, bucketSubject, ipSubject, userSubject, type StoredRule } from './rule-set';
import { MemoryRateLimitStore, type CheckInput } from './stores';

const MINUTE = 60_000;
const T0 = 1_800_000_000_000 - (1_800_000_000_000 % MINUTE);

function rules(...stored: Omit<StoredRule, 'ownerTenantId' | 'layer'>[]): RuleSet {
  return new RuleSet(stored.map((rule) => ({ ownerTenantId: null, layer: 1, ...rule })));
}

const session: SessionRecord = {
  id: 'sid',
  userId: 'user-1',
  tenantId: 'tenant-1',
  state: 'active',
  createdAt: T0,
  lastSeenAt: T0,
  idleExpiresAt: T0 + 3_600_000,
  absoluteExpiresAt: T0 + 3_600_000,
};

function input(set: RuleSet, now: number, extra: Partial<CheckInput> = {}): CheckInput {
  return { groups: set.candidates('GET', '/api2/x'), ip: '10.0.0.1', anonymousSubject: 'ip:10.0.0.1', sessionId: null, keyOwner: null, contentLength: null, now, ...extra };
}

describe('MemoryRateLimitStore', () => {
  it('should take a token from every winning bucket or from none, and count each minute apart', async () => {
    // Per address 5 a minute (stage 0), per subject 2 a minute (general stage).
    const set = rules(
      { stage: IP_STAGE, index: 0, rule: { ...RATE_LIMIT_RULE_DEFAULTS, rate: 5, burst: 0 } },
      { stage: GENERAL_STAGE, index: 0, rule: { ...RATE_LIMIT_RULE_DEFAULTS, rate: 2, burst: 0 } },
    );
    const store = new MemoryRateLimitStore({ readSession: () => null });
    const outcomes: string[] = [];
    for (let i = 0; i < 3; i++) outcomes.push((await store.check(input(set, T0 + i))).outcome);
    expect(outcomes).toEqual(['allowed', 'allowed', 'refused']);
    // Another subject on the same address: the address bucket lost only the 2 allowed requests' tokens.
    const other = { anonymousSubject: 'k:key-1' };
    outcomes.length = 0;
    for (let i = 0; i < 4; i++) outcomes.push((await store.check(input(set, T0 + 10 + i, other))).outcome);
    expect(outcomes).toEqual(['allowed', 'allowed', 'refused', 'refused']);
    // A third subject: the address bucket (5) is empty now, though its own bucket is full.
    expect((await store.check(input(set, T0 + 20, { anonymousSubject: 'k:key-2' }))).outcome).toBe('allowed');
    expect((await store.check(input(set, T0 + 21, { anonymousSubject: 'k:key-3' }))).outcome).toBe('refused');
    // The next minute: counted apart, and the buckets refilled.
    expect((await store.check(input(set, T0 + MINUTE + 1))).outcome).toBe('allowed');
    const [ipRule, subjectRule] = set.groups.map((group) => group.rules[0]!.key);
    const minutes = await store.minutes([ipRule!, subjectRule!], T0 + MINUTE + 1, 2);
    expect(minutes.get(ipRule!)).toEqual([
      { minute: T0, allowed: 5, refused: 1 },
      { minute: T0 + MINUTE, allowed: 1, refused: 0 },
    ]);
    expect(minutes.get(subjectRule!)).toEqual([
      { minute: T0, allowed: 5, refused: 3 },
      { minute: T0 + MINUTE, allowed: 1, refused: 0 },
    ]);
    // A clock that goes back counts in the minute it names (and refills nothing).
    expect((await store.check(input(set, T0 + 30))).outcome).toBe('allowed');
    expect((await store.minutes([ipRule!], T0 + MINUTE + 1, 2)).get(ipRule!)?.[0]).toEqual({ minute: T0, allowed: 6, refused: 1 });
  });

  it('should read the session whether the reader answers at once or with a promise, and bucket the user', async () => {
    const set = rules({ stage: GENERAL_STAGE, index: 0, rule: { ...RATE_LIMIT_RULE_DEFAULTS, rate: 1, burst: 0, userId: 'user-1' } });
    for (const readSession of [(id: string) => (id === 'sid' ? session : null), async (id: string) => (id === 'sid' ? session : null)]) {
      const store = new MemoryRateLimitStore({ readSession });
      const first = await store.check(input(set, T0, { sessionId: 'sid' }));
      expect(first).toEqual({ outcome: 'allowed', retryAfterMs: 0, maxDataBytes: -1, session });
      // The user's bucket is empty whatever the address.
      expect((await store.check(input(set, T0 + 1, { sessionId: 'sid', ip: '10.0.0.2' }))).outcome).toBe('refused');
      // The rule names user-1: an anonymous caller is not held by it, an unknown session neither.
      expect((await store.check(input(set, T0 + 2))).outcome).toBe('allowed');
      expect(await store.check(input(set, T0 + 3, { sessionId: 'other' }))).toEqual({ outcome: 'allowed', retryAfterMs: 0, maxDataBytes: -1, session: null });
    }
  });

  it('should refuse a body over a winning rule of maxDataBytes before taking a token', async () => {
    const set = rules({ stage: GENERAL_STAGE, index: 0, rule: { ...RATE_LIMIT_RULE_DEFAULTS, rate: 1, burst: 0, maxDataBytes: 100 } });
    const store = new MemoryRateLimitStore({ readSession: () => null });
    expect((await store.check(input(set, T0, { contentLength: 101 }))).outcome).toBe('tooLarge');
    expect((await store.check(input(set, T0 + 1, { contentLength: 100 }))).outcome).toBe('allowed');
    const refused = await store.check(input(set, T0 + 2));
    expect(refused.outcome).toBe('refused');
    expect(refused.retryAfterMs).toBeCloseTo(MINUTE - 1, 0);
  });
});

describe('bucket subjects', () => {
  it('should answer ip:<address> and u:<user>, the same string for a repeated value, past the memo size too', () => {
    expect(ipSubject('10.0.0.1')).toBe('ip:10.0.0.1');
    expect(userSubject('3f2a')).toBe('u:3f2a');
    for (let i = 0; i < 25_000; i++) expect(ipSubject(`10.1.${i >> 8}.${i & 255}`)).toBe(`ip:10.1.${i >> 8}.${i & 255}`);
    expect(ipSubject('10.0.0.1')).toBe('ip:10.0.0.1');
    expect(bucketSubject(IP_STAGE, { ip: '10.0.0.9', subject: 'u:x' })).toBe('ip:10.0.0.9');
    expect(bucketSubject(GENERAL_STAGE, { ip: '10.0.0.9', subject: 'u:x' })).toBe('u:x');
  });
});
