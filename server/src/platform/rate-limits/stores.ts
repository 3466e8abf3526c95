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
 * The checks of one turn of the event loop as one Lua script: for each request it reads the session (when a
 * cookie names one), picks the winning rule of each group for the session's tenant and user, checks
 * `maxDataBytes`, then takes a token from every winning bucket or none, and counts. The script is atomic, and
 * it decides the requests in the order they came, each seeing the buckets as the ones before it left them:
 * the same decisions as one script a request, for one round trip a turn instead of one a request. Inside a
 * call a session and a bucket are read once and a bucket written once; the counters are added up and written
 * once a field.
 *
 * ARGV: prefix, G (how many candidate lists follow), the G candidate lists as JSON (each serialised once per
 * rule set, method and path): `[[stage, [[key, matchTenant, userId, limited (1/0), capacity, refillPerMs,
 * periodMs, maxDataBytes], ...]], ...]`; then per request 8 values: now, ip, contentLength (-1: none),
 * anonymousSubject, sessionKey ('' : none), the index of its candidate list (1-based), and the API key's
 * tenant and creator ('' : none; a signed-in session's own tenant and user take their place). A bucket is one
 * string `"<tokens> <at>"` under `tb:` with an expiry. Returns {per request: outcome (0 allowed, 1 refused,
 * 2 too large), retryAfterMs or maxDataBytes, the index of its session's JSON (0: none found); the sessions'
 * JSON}.
 */
const CHECK_SCRIPT = `
local prefix = ARGV[1]
local groupCount = tonumber(ARGV[2])
-- The candidate lists, each rule made ready once a call: its counter fields, its buckets' key prefix, their expiry.
local lists = {}
for g = 1, groupCount do
  local groups = cjson.decode(ARGV[2 + g])
  for _, group in ipairs(groups) do
    for i, r in ipairs(group[2]) do
      local ttl = r[7]
      if r[6] > 0 then ttl = math.ceil(r[5] / r[6]) end
      group[2][i] = {
        matchTenant = r[2], user = r[3], limited = r[4] == 1, capacity = r[5], refill = r[6], period = r[7],
        maxBytes = r[8], stage = group[1], allowedField = r[1] .. ':a', refusedField = r[1] .. ':r',
        bucketPrefix = prefix .. 'tb:' .. r[1] .. ':', ttl = ttl,
      }
    end
  end
  lists[g] = {groups = groups, chosen = {}}
end
local sessions = {}
local sessionRows = {}
local buckets = {}
local bucketOrder = {}
local stats = {}
local statsOrder = {}
local out = {}
local function counters(now)
  local minute = math.floor(now / 60000) * 60000
  local c = stats[minute]
  if c == nil then
    c = {key = prefix .. 's:' .. tostring(minute), fields = {}, order = {}}
    stats[minute] = c
    statsOrder[#statsOrder + 1] = c
  end
  return c
end
local function count(c, field)
  local n = c.fields[field]
  if n == nil then
    c.order[#c.order + 1] = field
    c.fields[field] = 1
  else
    c.fields[field] = n + 1
  end
end
local function readSession(sessionKey, now)
  local row = sessions[sessionKey]
  if row == nil then
    row = {index = 0}
    local raw = redis.call('GET', sessionKey)
    if raw then
      sessionRows[#sessionRows + 1] = raw
      row.index = #sessionRows
      local ok, rec = pcall(cjson.decode, raw)
      if ok and type(rec) == 'table' then row.rec = rec end
    end
    sessions[sessionKey] = row
  end
  local rec = row.rec
  if rec and rec.state == 'active' and type(rec.userId) == 'string' and type(rec.tenantId) == 'string'
    and tonumber(rec.idleExpiresAt) > now and tonumber(rec.absoluteExpiresAt) > now then
    return row.index, rec.tenantId, rec.userId
  end
  return row.index, false, false
end
-- The winning rule of each group for a tenant and user (false: none), remembered per list for the call.
local function chosenRules(list, tenant, user)
  local t = tenant or ''
  local byUser = list.chosen[t]
  if byUser == nil then
    byUser = {}
    list.chosen[t] = byUser
  end
  local chosen = byUser[user or '']
  if chosen == nil then
    chosen = {}
    for _, group in ipairs(list.groups) do
      for _, rule in ipairs(group[2]) do
        if (rule.matchTenant == '*' or rule.matchTenant == tenant) and (rule.user == '*' or rule.user == user) then
          chosen[#chosen + 1] = rule
          break
        end
      end
    end
    byUser[user or ''] = chosen
  end
  return chosen
end
local function bucketOf(bucketKey)
  local bucket = buckets[bucketKey]
  if bucket == nil then
    bucket = {}
    local state = redis.call('GET', bucketKey)
    if state then
      local space = string.find(state, ' ', 1, true)
      bucket.tokens = tonumber(string.sub(state, 1, space - 1))
      bucket.at = tonumber(string.sub(state, space + 1))
    end
    buckets[bucketKey] = bucket
    bucketOrder[#bucketOrder + 1] = bucketKey
  end
  return bucket
end
local base = 2 + groupCount
local requests = (#ARGV - base) / 8
local taken = {}
local left = {}
for r = 0, requests - 1 do
  local a = base + r * 8
  local now = tonumber(ARGV[a + 1])
  local ip = ARGV[a + 2]
  local contentLength = tonumber(ARGV[a + 3])
  local subject = ARGV[a + 4]
  local sessionKey = ARGV[a + 5]
  local list = lists[tonumber(ARGV[a + 6])]
  local tenant = false
  local user = false
  if ARGV[a + 7] ~= '' then
    tenant = ARGV[a + 7]
    user = ARGV[a + 8]
  end
  local sessionIndex = 0
  if sessionKey ~= '' then
    local sTenant, sUser
    sessionIndex, sTenant, sUser = readSession(sessionKey, now)
    if sTenant then
      tenant = sTenant
      user = sUser
      subject = 'u:' .. user
    end
  end
  local chosen = chosenRules(list, tenant, user)
  local c = counters(now)
  local outcome = 0
  local value = 0
  for _, rule in ipairs(chosen) do
    if rule.maxBytes >= 0 and contentLength >= 0 and contentLength > rule.maxBytes then
      count(c, rule.refusedField)
      outcome = 2
      value = rule.maxBytes
      break
    end
  end
  if outcome == 0 then
    local retry = 0
    local n = 0
    for _, rule in ipairs(chosen) do
      if rule.limited then
        local bucket
        if rule.stage == 0 then bucket = bucketOf(rule.bucketPrefix .. 'ip:' .. ip) else bucket = bucketOf(rule.bucketPrefix .. subject) end
        local tokens = rule.capacity
        if bucket.tokens then
          tokens = math.min(rule.capacity, bucket.tokens + math.max(0, now - bucket.at) * rule.refill)
        end
        if tokens < 1 then
          outcome = 1
          count(c, rule.refusedField)
          local wait = rule.period
          if rule.refill > 0 then wait = (1 - tokens) / rule.refill end
          if wait > retry then retry = wait end
        else
          n = n + 1
          taken[n] = bucket
          left[n] = tokens - 1
          bucket.ttl = rule.ttl
        end
      end
    end
    if outcome == 1 then
      value = math.ceil(retry)
    else
      for i = 1, n do
        local bucket = taken[i]
        bucket.tokens = left[i]
        bucket.at = now
        bucket.dirty = true
      end
      for _, rule in ipairs(chosen) do count(c, rule.allowedField) end
    end
  end
  out[#out + 1] = outcome
  out[#out + 1] = value
  out[#out + 1] = sessionIndex
end
for _, bucketKey in ipairs(bucketOrder) do
  local bucket = buckets[bucketKey]
  if bucket.dirty then
    redis.call('SET', bucketKey, string.format('%.17g %d', bucket.tokens, bucket.at), 'PX', bucket.ttl + 1000)
  end
end
for _, c in ipairs(statsOrder) do
  local fresh = false
  for _, field in ipairs(c.order) do
    local added = c.fields[field]
    if redis.call('HINCRBY', c.key, field, added) == added then fresh = true end
  end
  -- A minute's hash gets its expiry with its first fields.
  if fresh then redis.call('EXPIRE', c.key, 1200) end
end
return {out, sessionRows}
`;

type CheckScript = (...args: (string | number)[]) => Promise<[number[], string[]]>;

/** A check waiting for its turn's script. */
interface PendingCheck {
  input: CheckInput;
  resolve: (result: CheckResult) => void;
  reject: (error: unknown) => void;
}

/** The most requests one script call decides (the rest go in the next call of the same turn). */
export const REDIS_CHECKS_PER_CALL = 128;

/**
 * Several instances: buckets and counters in Redis. The checks that arrive in one turn of the event loop are
 * sent together at its end (`setImmediate`, as DataLoader does): one script call, one round trip, whatever the
 * number of requests; a lone request waits for nothing but the rest of its turn. Nothing is kept between calls:
 * a revoked session or a spent bucket counts at the next request on every instance.
 */
export class RedisRateLimitStore implements RateLimitStore {
  readonly #redis: Redis;
  readonly #prefix: string;
  readonly #sessionKey: (id: string) => string;
  /** The script's JSON of each candidate list (the rule set caches the lists per method and path). */
  readonly #json = new WeakMap<readonly RuleGroup[], string>();
  #pending: PendingCheck[] = [];
  #scheduled = false;

  constructor(redis: Redis, options: { prefix: string; sessionKey: (id: string) => string }) {
    this.#redis = redis;
    this.#prefix = `${options.prefix}rl:`;
    this.#sessionKey = options.sessionKey;
    if (!('tesseraRateLimitChecks' in redis)) redis.defineCommand('tesseraRateLimitChecks', { numberOfKeys: 0, lua: CHECK_SCRIPT });
  }

  check(input: CheckInput): Promise<CheckResult> {
    return new Promise<CheckResult>((resolve, reject) => {
      this.#pending.push({ input, resolve, reject });
      if (!this.#scheduled) {
        this.#scheduled = true;
        setImmediate(this.#flush);
      }
    });
  }

  /**
   * Sends the turn's checks. A call does not wait for the one before it to be answered (holding the next turn's
   * checks until then made batches larger and requests slower: measured in docs/bench.md, session 11); Redis
   * runs the calls of one connection in the order they were sent.
   */
  readonly #flush = (): void => {
    this.#scheduled = false;
    const pending = this.#pending;
    this.#pending = [];
    for (let i = 0; i < pending.length; i += REDIS_CHECKS_PER_CALL) void this.#send(pending.slice(i, i + REDIS_CHECKS_PER_CALL));
  };

  async #send(batch: PendingCheck[]): Promise<void> {
    const lists: string[] = [];
    const listIndex = new Map<string, number>();
    const perRequest: (string | number)[] = [];
    for (const { input } of batch) {
      const json = this.#serialised(input.groups);
      let index = listIndex.get(json);
      if (index === undefined) {
        lists.push(json);
        index = lists.length;
        listIndex.set(json, index);
      }
      perRequest.push(
        input.now,
        input.ip,
        input.contentLength ?? -1,
        input.anonymousSubject,
        input.sessionId === null ? '' : this.#sessionKey(input.sessionId),
        index,
        input.keyOwner?.tenantId ?? '',
        input.keyOwner?.userId ?? '',
      );
    }
    let answer: [number[], string[]];
    try {
      const script = (this.#redis as unknown as { tesseraRateLimitChecks: CheckScript }).tesseraRateLimitChecks;
      answer = await script.call(this.#redis, this.#prefix, lists.length, ...lists, ...perRequest);
    } catch (error) {
      for (const item of batch) item.reject(error);
      return;
    }
    const [outcomes, sessions] = answer;
    const records: SessionRecord[] = new Array<SessionRecord>(sessions.length);
    for (let i = 0; i < batch.length; i++) {
      const { input, resolve, reject } = batch[i] as PendingCheck;
      const outcome = outcomes[i * 3];
      const value = outcomes[i * 3 + 1] as number;
      const sessionIndex = outcomes[i * 3 + 2] as number;
      let session: SessionRecord | null | undefined;
      if (input.sessionId === null) session = undefined;
      else if (sessionIndex === 0) session = null;
      else {
        try {
          const record = (records[sessionIndex - 1] ??= JSON.parse(sessions[sessionIndex - 1] as string) as SessionRecord);
          // Each request gets its own copy of the (flat) record: the auth guard may change it.
          session = { ...record };
        } catch (error) {
          // A record that is not JSON fails its own requests only.
          reject(error);
          continue;
        }
      }
      if (outcome === 2) resolve({ outcome: 'tooLarge', retryAfterMs: 0, maxDataBytes: value, session });
      else if (outcome === 1) resolve({ outcome: 'refused', retryAfterMs: value, maxDataBytes: -1, session });
      else resolve({ outcome: 'allowed', retryAfterMs: 0, maxDataBytes: -1, session });
    }
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
