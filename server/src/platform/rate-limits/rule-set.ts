/**
 * The compiled rules (issue 14): rules grouped by layer and stage in evaluation order, each group's rules
 * in precedence order (domain's `compareRuleSpecificity`), and per request the candidates of each group
 * that match its method and path. Which candidate wins depends on the caller's tenant and user, known
 * only once the session is read: the Redis script picks it in the same round trip (stores.ts).
 */
import { createHash } from 'node:crypto';
import {
  compareRuleSpecificity,
  endpointMatches,
  ruleIdentity,
  IP_STAGE,
  RATE_LIMIT_UNLIMITED,
  RATE_LIMIT_WILDCARD,
  TENANT_LAYER,
  type RateLimitRule,
} from '@tessera/domain';

/** A stored rule: the rule, where it sits and who owns it (layer 0: a tenant; else null). */
export interface StoredRule {
  ownerTenantId: string | null;
  layer: number;
  stage: number;
  index: number;
  rule: RateLimitRule;
}

/** A rule ready to evaluate. */
export interface CompiledRule extends StoredRule {
  /** Stable key of the rule (its owner, place and match fields): its buckets and counters. */
  key: string;
  /** The tenant a request must have: a tenant-layer rule matches its owner only; '*' matches anyone. */
  matchTenant: string;
  /** Does the rule limit the number of requests (rate not -1)? */
  limited: boolean;
  /** Bucket size: rate + burst (burst -1 is none). */
  capacity: number;
  /** Tokens added per millisecond. */
  refillPerMs: number;
  periodMs: number;
  /** -1: any size. */
  maxDataBytes: number;
}

/** One layer and stage with its rules in precedence order. */
export interface RuleGroup {
  layer: number;
  stage: number;
  rules: CompiledRule[];
}

/** The caller as the limiter sees it. */
export interface Caller {
  ip: string;
  tenantId: string | null;
  userId: string | null;
  /** Bucket subject of the general stage: `u:<user>`, `k:<api key id>` or `ip:<address>`. */
  subject: string;
}

/** The key of a rule's buckets and counters. */
export function ruleKey(rule: StoredRule): string {
  return createHash('sha256')
    .update(`${rule.ownerTenantId ?? '-'}|${rule.layer}|${rule.stage}|${ruleIdentity(rule.rule)}`)
    .digest('hex')
    .slice(0, 16);
}

function compile(stored: StoredRule): CompiledRule {
  const { rule } = stored;
  const limited = rule.rate !== RATE_LIMIT_UNLIMITED;
  const periodMs = rule.periodSeconds * 1000;
  return {
    ...stored,
    key: ruleKey(stored),
    matchTenant: stored.layer === TENANT_LAYER ? (stored.ownerTenantId ?? '\u0000') : rule.tenantId,
    limited,
    capacity: limited ? rule.rate + Math.max(0, rule.burst) : 0,
    refillPerMs: limited ? rule.rate / periodMs : 0,
    periodMs,
    maxDataBytes: rule.maxDataBytes,
  };
}

/** Does a compiled rule apply to this caller (method and endpoint already matched)? */
export function appliesTo(rule: CompiledRule, caller: Pick<Caller, 'tenantId' | 'userId'>): boolean {
  const tenantOk = rule.matchTenant === RATE_LIMIT_WILDCARD || rule.matchTenant === caller.tenantId;
  const userOk = rule.rule.userId === RATE_LIMIT_WILDCARD || rule.rule.userId === caller.userId;
  return tenantOk && userOk;
}

/** The bucket id of a rule for a caller: per address in stage 0, per subject in the general stage. */
export function bucketSubject(stage: number, caller: Pick<Caller, 'ip' | 'subject'>): string {
  return stage === IP_STAGE ? ipSubject(caller.ip) : caller.subject;
}

const MAX_SUBJECTS = 10_000;
const IP_SUBJECTS = new Map<string, string>();
const USER_SUBJECTS = new Map<string, string>();

function subjectOf(cache: Map<string, string>, prefix: string, value: string): string {
  let subject = cache.get(value);
  if (subject === undefined) {
    subject = prefix + value;
    if (cache.size >= MAX_SUBJECTS) cache.clear();
    cache.set(value, subject);
  }
  return subject;
}

/**
 * `ip:<address>`: the same string for the same address on every request (remembered, up to 10,000 addresses), so
 * that a bucket lookup hashes a string once rather than a new one per request.
 */
export function ipSubject(ip: string): string {
  return subjectOf(IP_SUBJECTS, 'ip:', ip);
}

/** `u:<user id>`, remembered as {@link ipSubject}. */
export function userSubject(userId: string): string {
  return subjectOf(USER_SUBJECTS, 'u:', userId);
}

const MAX_CACHED_PATHS = 10_000;

/** All rules, compiled, with a cache of candidates per method and path. */
export class RuleSet {
  readonly groups: readonly RuleGroup[];
  readonly rules: readonly CompiledRule[];
  /** Method → path → candidates (nested, so that a lookup builds no key string). */
  readonly #candidates = new Map<string, Map<string, RuleGroup[]>>();
  #cachedPaths = 0;

  constructor(stored: readonly StoredRule[]) {
    const groups = new Map<string, RuleGroup>();
    const compiled = stored.map(compile);
    for (const rule of compiled) {
      const id = `${rule.layer}/${rule.stage}`;
      const group = groups.get(id) ?? { layer: rule.layer, stage: rule.stage, rules: [] };
      group.rules.push(rule);
      groups.set(id, group);
    }
    for (const group of groups.values()) group.rules.sort((a, b) => compareRuleSpecificity(a.rule, b.rule) || a.index - b.index);
    this.groups = [...groups.values()].sort((a, b) => a.layer - b.layer || a.stage - b.stage);
    this.rules = compiled;
  }

  /** The groups with their rules matching this method and path (groups without one left out). */
  candidates(method: string, path: string): RuleGroup[] {
    let byPath = this.#candidates.get(method);
    const cached = byPath?.get(path);
    if (cached) return cached;
    const out: RuleGroup[] = [];
    for (const group of this.groups) {
      const rules = group.rules.filter((r) => (r.rule.method === RATE_LIMIT_WILDCARD || r.rule.method === method) && endpointMatches(r.rule.endpoint, path));
      if (rules.length > 0) out.push({ layer: group.layer, stage: group.stage, rules });
    }
    if (this.#cachedPaths >= MAX_CACHED_PATHS) {
      this.#candidates.clear();
      this.#cachedPaths = 0;
      byPath = undefined;
    }
    if (!byPath) {
      byPath = new Map();
      this.#candidates.set(method, byPath);
    }
    byPath.set(path, out);
    this.#cachedPaths += 1;
    return out;
  }
}

/** The winning rule of each group for a caller (one at most per group), in evaluation order. */
export function chosenRules(groups: readonly RuleGroup[], caller: Pick<Caller, 'tenantId' | 'userId'>): CompiledRule[] {
  const out: CompiledRule[] = [];
  for (const group of groups) {
    for (const rule of group.rules) {
      if (appliesTo(rule, caller)) {
        out.push(rule);
        break;
      }
    }
  }
  return out;
}
