/**
 * Where buckets and counters live (issue 14): in process by default, in Redis with `TESSERA_REDIS_URL` so
 * that several instances share one budget. Both apply the same token bucket: a rule holds `rate + burst`
 * tokens, refilled continuously at `rate / periodSeconds` (a clock that goes back refills nothing, never drains); a request takes one token from the bucket of the
 * winning rule of every layer and stage, or none when any of them is empty (then 429 with the wait until
 * that bucket holds a token again). A `Content-Length` over a winning rule's `maxDataBytes` is refused
 * (413) before any token is taken. Counters: allowed and refused requests per rule and minute.
 *
 * Why not rate-limiter-flexible here (it runs the login throttle): a session-checked request must cost one
 * Redis round trip (issue 14; issue 11 "Scale mode"), and which rule wins depends on the session's tenant
 * and user. The Redis store therefore reads the session and updates the buckets in one Lua script, which
 * no library offers; the bucket is kept small and tested against both stores alike.
 */
import type { Redis } from 'ioredis';
import type { RateLimitMinute } from '@tessera/domain';
import type { SessionRecord } from '../session-store';
import { bucketSubject, chosenRules, userSubject, type Caller, type CompiledRule, type RuleGroup } from './rule-set';

/** What a check needs. */
export interface CheckInput {
  /** Candidate rules per layer and stage for the request's method and path. */
  groups: readonly RuleGroup[];
  ip: string;
  /** General-stage subject without a session: `k:<api key id>` or `ip:<address>`. */
  anonymousSubject: string;
  /** SHA-256 id of the session cookie's token, or null. */
  sessionId: string | null;
  /** The tenant and creator of the request's API key (no session then), or null. */
  keyOwner: { tenantId: string; userId: string } | null;
  /** `Content-Length`, or null. */
  contentLength: number | null;
  now: number;
}

/** What a check decided. */
export interface CheckResult {
  outcome: 'allowed' | 'refused' | 'tooLarge';
  /** Refused: ms until the emptiest refusing bucket holds a token. */
  retryAfterMs: number;
  /** tooLarge: the limit that refused it. */
  maxDataBytes: number;
  /** The session record read on the way (null: none), for the auth guard; undefined when not read. */
  session: SessionRecord | null | undefined;
}

/** Buckets and counters. */
export interface RateLimitStore {
  /** The decision: at once when the store can decide without waiting (the in-process store, a cached session), else a promise. */
  check(input: CheckInput): CheckResult | Promise<CheckResult>;
  /** Counters of these rules for the `count` minutes up to `now`, oldest first. */
  minutes(ruleKeys: readonly string[], now: number, count: number): Promise<Map<string, RateLimitMinute[]>>;
}

/** Start of the minute of `now`. */
export function minuteOf(now: number): number {
  return Math.floor(now / 60_000) * 60_000;
}

/** The caller of a session record, if it is an active, unexpired, signed-in one. */
export function callerOfSession(record: SessionRecord | null, now: number): { tenantId: string; userId: string } | null {
  if (!record || record.state !== 'active' || !record.userId || !record.tenantId) return null;
  if (now >= record.idleExpiresAt || now >= record.absoluteExpiresAt) return null;
  return { tenantId: record.tenantId, userId: record.userId };
}

interface Bucket {
  tokens: number;
  at: number;
}

interface MinuteCount {
  allowed: number;
  refused: number;
}

const KEEP_MINUTES = 15;

/** A session read that answers at once when it can (a cached record) and with a promise otherwise. */
export type SessionReader = (id: string) => SessionRecord | null | Promise<SessionRecord | null>;

/**
 * One server instance: buckets and counters in maps. A check runs on every request, so it allocates
 * little: buckets are kept per rule and then per subject (no id string built per request) and updated in
 * place, and each rule's counter of the current minute is held at hand.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  /** Rule key → bucket subject → bucket. */
  readonly #buckets = new Map<string, Map<string, Bucket>>();
  readonly #counts = new Map<string, Map<number, MinuteCount>>();
  /** Rule key → its counter of the minute `#currentMinute`. */
  readonly #current = new Map<string, MinuteCount>();
  #currentMinute = -1;
  readonly #readSession: SessionReader;
  #lastSweep = 0;

  constructor(options: { readSession: SessionReader }) {
    this.#readSession = options.readSession;
  }

  check(input: CheckInput): CheckResult | Promise<CheckResult> {
    if (input.sessionId === null) return this.#decide(input, undefined);
    const session = this.#readSession(input.sessionId);
    if (session instanceof Promise) return session.then((record) => this.#decide(input, record));
    return this.#decide(input, session);
  }

  #decide(input: CheckInput, session: SessionRecord | null | undefined): CheckResult {
    const signedIn = callerOfSession(session ?? null, input.now);
    const owner = signedIn ?? input.keyOwner;
    const caller: Caller = {
      ip: input.ip,
      tenantId: owner?.tenantId ?? null,
      userId: owner?.userId ?? null,
      subject: signedIn ? userSubject(signedIn.userId) : input.anonymousSubject,
    };
    const chosen = chosenRules(input.groups, caller);
    this.#sweep(input.now);
    for (const rule of chosen) {
      if (rule.maxDataBytes >= 0 && input.contentLength !== null && input.contentLength > rule.maxDataBytes) {
        this.#count(rule.key, input.now, 'refused');
        return { outcome: 'tooLarge', retryAfterMs: 0, maxDataBytes: rule.maxDataBytes, session };
      }
    }
    // First every bucket is read (a request takes a token from all of them or from none), then taken from.
    let retryAfterMs = 0;
    let refused = false;
    const tokens: number[] = new Array<number>(chosen.length);
    for (let i = 0; i < chosen.length; i++) {
      const rule = chosen[i] as CompiledRule;
      if (!rule.limited) continue;
      const bucket = this.#buckets.get(rule.key)?.get(bucketSubject(rule.stage, caller));
      const held = bucket ? Math.min(rule.capacity, bucket.tokens + Math.max(0, input.now - bucket.at) * rule.refillPerMs) : rule.capacity;
      tokens[i] = held;
      if (held < 1) {
        refused = true;
        this.#count(rule.key, input.now, 'refused');
        retryAfterMs = Math.max(retryAfterMs, rule.refillPerMs > 0 ? (1 - held) / rule.refillPerMs : rule.periodMs);
      }
    }
    if (refused) return { outcome: 'refused', retryAfterMs, maxDataBytes: -1, session };
    for (let i = 0; i < chosen.length; i++) {
      const rule = chosen[i] as CompiledRule;
      if (rule.limited) this.#take(rule, bucketSubject(rule.stage, caller), (tokens[i] as number) - 1, input.now);
      this.#count(rule.key, input.now, 'allowed');
    }
    return { outcome: 'allowed', retryAfterMs: 0, maxDataBytes: -1, session };
  }

  #take(rule: CompiledRule, subject: string, tokens: number, now: number): void {
    let buckets = this.#buckets.get(rule.key);
    if (!buckets) {
      buckets = new Map();
      this.#buckets.set(rule.key, buckets);
    }
    const bucket = buckets.get(subject);
    if (bucket) {
      bucket.tokens = tokens;
      bucket.at = now;
    } else {
      buckets.set(subject, { tokens, at: now });
    }
  }

  async minutes(ruleKeys: readonly string[], now: number, count: number): Promise<Map<string, RateLimitMinute[]>> {
    const last = minuteOf(now);
    const out = new Map<string, RateLimitMinute[]>();
    for (const key of ruleKeys) {
      const counts = this.#counts.get(key);
      const series: RateLimitMinute[] = [];
      for (let i = count - 1; i >= 0; i--) {
        const minute = last - i * 60_000;
        const entry = counts?.get(minute);
        series.push({ minute, allowed: entry?.allowed ?? 0, refused: entry?.refused ?? 0 });
      }
      out.set(key, series);
    }
    return out;
  }

  #count(key: string, now: number, what: 'allowed' | 'refused'): void {
    const minute = minuteOf(now);
    if (minute !== this.#currentMinute) {
      this.#current.clear();
      this.#currentMinute = minute;
    }
    let entry = this.#current.get(key);
    if (!entry) {
      let counts = this.#counts.get(key);
      if (!counts) {
        counts = new Map();
        this.#counts.set(key, counts);
      }
      entry = counts.get(minute);
      if (!entry) {
        entry = { allowed: 0, refused: 0 };
        counts.set(minute, entry);
      }
      this.#current.set(key, entry);
    }
    entry[what] += 1;
  }

  /** Drops old counters and buckets idle for an hour (a full bucket is the same as none... at most an hour's period). */
  #sweep(now: number): void {
    if (now - this.#lastSweep < 60_000) return;
    this.#lastSweep = now;
    const oldest = minuteOf(now) - KEEP_MINUTES * 60_000;
    this.#current.clear();
    this.#currentMinute = -1;
    for (const counts of this.#counts.values()) for (const minute of counts.keys()) if (minute < oldest) counts.delete(minute);
    for (const [key, buckets] of this.#buckets) {
      for (const [subject, bucket] of buckets) if (now - bucket.at > 86_400_000) buckets.delete(subject);
      if (buckets.size === 0) this.#buckets.delete(key);
    }
  }
}

/**
 * The check as one Lua script: reads the session (when a cookie names one), picks the winning rule of each
 * group for the session's tenant and user, checks `maxDataBytes`, then takes a token from every winning
 * bucket or none, and counts. One round trip per request, session included.
 *
 * ARGV: prefix, now, ip, contentLength (-1: none), anonymousSubject, sessionKey ('' : none), the candidate
 * groups as JSON (serialised once per rule set, method and path): `[[stage, [[key, matchTenant,
 * userId, limited (1/0), capacity, refillPerMs, periodMs, maxDataBytes], ...]], ...]`. A bucket is one
 * string `"<tokens> <at>"` under `tb:` with an expiry (a GET and a SET per bucket; `b:` held the hashes of
 * an earlier layout, left to expire). Then the API key's tenant and creator ('' : none); a signed-in
 * session's own tenant and user take their place. Returns {outcome (0 allowed, 1 refused, 2 too large),
 * retryAfterMs or maxDataBytes, the session's JSON or false}.
 */
const CHECK_SCRIPT = `
local prefix = ARGV[1]
local now = tonumber(ARGV[2])
local ip = ARGV[3]
local contentLength = tonumber(ARGV[4])
local subject = ARGV[5]
local sessionKey = ARGV[6]
local groups = cjson.decode(ARGV[7])
local raw = false
local tenant = false
local user = false
if ARGV[8] ~= '' then
  tenant = ARGV[8]
  user = ARGV[9]
end
if sessionKey ~= '' then
  raw = redis.call('GET', sessionKey)
  if raw then
    local ok, rec = pcall(cjson.decode, raw)
    if ok and rec.state == 'active' and type(rec.userId) == 'string' and type(rec.tenantId) == 'string'
      and tonumber(rec.idleExpiresAt) > now and tonumber(rec.absoluteExpiresAt) > now then
      tenant = rec.tenantId
      user = rec.userId
      subject = 'u:' .. user
    end
  end
end
local chosen = {}
for _, group in ipairs(groups) do
  for _, rule in ipairs(group[2]) do
    if (rule[2] == '*' or rule[2] == tenant) and (rule[3] == '*' or rule[3] == user) then
      chosen[#chosen + 1] = {
        key = rule[1], limited = rule[4] == 1, capacity = rule[5], refill = rule[6], period = rule[7],
        maxBytes = rule[8], stage = group[1],
      }
      break
    end
  end
end
local statsKey = prefix .. 's:' .. tostring(math.floor(now / 60000) * 60000)
local function count(key, what)
  if redis.call('HINCRBY', statsKey, key .. what, 1) == 1 then redis.call('EXPIRE', statsKey, 1200) end
end
for _, rule in ipairs(chosen) do
  if rule.maxBytes >= 0 and contentLength >= 0 and contentLength > rule.maxBytes then
    count(rule.key, ':r')
    return {2, rule.maxBytes, raw}
  end
end
local retry = 0
local refused = false
local updates = {}
for _, rule in ipairs(chosen) do
  if rule.limited then
    local who = subject
    if rule.stage == 0 then who = 'ip:' .. ip end
    local bucketKey = prefix .. 'tb:' .. rule.key .. ':' .. who
    local state = redis.call('GET', bucketKey)
    local tokens = rule.capacity
    if state then
      local space = string.find(state, ' ', 1, true)
      tokens = math.min(rule.capacity, tonumber(string.sub(state, 1, space - 1)) + math.max(0, now - tonumber(string.sub(state, space + 1))) * rule.refill)
    end
    if tokens < 1 then
      refused = true
      count(rule.key, ':r')
      local wait = rule.period
      if rule.refill > 0 then wait = (1 - tokens) / rule.refill end
      if wait > retry then retry = wait end
    else
      updates[#updates + 1] = {bucketKey, tokens - 1, rule}
    end
  end
end
if refused then return {1, math.ceil(retry), raw} end
for _, u in ipairs(updates) do
  local ttl = u[3].period
  if u[3].refill > 0 then ttl = math.ceil(u[3].capacity / u[3].refill) end
  redis.call('SET', u[1], string.format('%.17g %d', u[2], now), 'PX', ttl + 1000)
end
for _, rule in ipairs(chosen) do count(rule.key, ':a') end
return {0, 0, raw}
`;

type CheckScript = (...args: (string | number)[]) => Promise<[number, number, string | null]>;

/** Several instances: buckets and counters in Redis, the check one script (one round trip). */
export class RedisRateLimitStore implements RateLimitStore {
  readonly #redis: Redis;
  readonly #prefix: string;
  readonly #sessionKey: (id: string) => string;
  /** The script's JSON of each candidate list (the rule set caches the lists per method and path). */
  readonly #json = new WeakMap<readonly RuleGroup[], string>();

  constructor(redis: Redis, options: { prefix: string; sessionKey: (id: string) => string }) {
    this.#redis = redis;
    this.#prefix = `${options.prefix}rl:`;
    this.#sessionKey = options.sessionKey;
    if (!('tesseraRateLimitCheck' in redis)) redis.defineCommand('tesseraRateLimitCheck', { numberOfKeys: 0, lua: CHECK_SCRIPT });
  }

  async check(input: CheckInput): Promise<CheckResult> {
    const args: (string | number)[] = [
      this.#prefix,
      input.now,
      input.ip,
      input.contentLength ?? -1,
      input.anonymousSubject,
      input.sessionId === null ? '' : this.#sessionKey(input.sessionId),
      this.#serialised(input.groups),
      input.keyOwner?.tenantId ?? '',
      input.keyOwner?.userId ?? '',
    ];
    const script = (this.#redis as unknown as { tesseraRateLimitCheck: CheckScript }).tesseraRateLimitCheck;
    const [outcome, value, raw] = await script.apply(this.#redis, args);
    const session = input.sessionId === null ? undefined : raw ? (JSON.parse(raw) as SessionRecord) : null;
    if (outcome === 2) return { outcome: 'tooLarge', retryAfterMs: 0, maxDataBytes: value, session };
    if (outcome === 1) return { outcome: 'refused', retryAfterMs: value, maxDataBytes: -1, session };
    return { outcome: 'allowed', retryAfterMs: 0, maxDataBytes: -1, session };
  }

  #serialised(groups: readonly RuleGroup[]): string {
    let json = this.#json.get(groups);
    if (json === undefined) {
      json = JSON.stringify(
        groups.map((group) => [
          group.stage,
          group.rules.map((rule) => [rule.key, rule.matchTenant, rule.rule.userId, rule.limited ? 1 : 0, rule.capacity, rule.refillPerMs, rule.periodMs, rule.maxDataBytes]),
        ]),
      );
      this.#json.set(groups, json);
    }
    return json;
  }

  async minutes(ruleKeys: readonly string[], now: number, count: number): Promise<Map<string, RateLimitMinute[]>> {
    const last = minuteOf(now);
    const minutes = Array.from({ length: count }, (_, i) => last - (count - 1 - i) * 60_000);
    const pipeline = this.#redis.pipeline();
    for (const minute of minutes) pipeline.hgetall(`${this.#prefix}s:${minute}`);
    const results = (await pipeline.exec()) ?? [];
    const hashes = results.map(([error, value]) => (error ? {} : ((value ?? {}) as Record<string, string>)));
    const out = new Map<string, RateLimitMinute[]>();
    for (const key of ruleKeys) {
      out.set(
        key,
        minutes.map((minute, i) => ({ minute, allowed: Number(hashes[i]?.[`${key}:a`] ?? 0), refused: Number(hashes[i]?.[`${key}:r`] ?? 0) })),
      );
    }
    return out;
  }
}
