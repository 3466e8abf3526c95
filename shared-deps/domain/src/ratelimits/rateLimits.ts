/**
 * Rate-limit rules (admin-console §3 "Rate-limit rule", §9 defaults and layers; issue 14): the model, its
 * defaults, its validation and the matching rules, once for the server, the console and the CLI.
 *
 * A config is `{layerRules: [{layer, stage, rules: [...]}]}`. Layer 0 is the tenant layer (each tenant
 * owns its own), every other layer is a management layer (one for the installation). Stage 0 is the IP
 * limit (buckets per client address), any other stage the general limit (buckets per signed-in user, API
 * key or, for an anonymous caller, per address). A rule allows `rate` requests per `periodSeconds` with a
 * `burst` on top (a token bucket of `rate + burst` tokens refilled at `rate / periodSeconds`), and bodies
 * up to `maxDataBytes`; -1 means unlimited (for `burst`: none).
 *
 * Precedence within one layer and stage: the most specific matching rule wins, compared field by field in
 * this order: an exact tenant before '*', then an exact user before '*', then an exact method before '*',
 * then an exact endpoint before a prefix pattern (`/api2/IDM-v1/*`, longer prefix first) before '*'.
 */

/** The permission to edit the rules (non-route: `/monitor/api-Rates` is unguarded, admin-console §2.2). */
export const RATE_LIMIT_EDIT_PERMISSION = 'rateLimitEdit';

/** '*' matches every tenant, user, method or endpoint (admin-console §9). */
export const RATE_LIMIT_WILDCARD = '*';

/** -1: unlimited (rate, maxDataBytes) or unset (burst), admin-console §9. */
export const RATE_LIMIT_UNLIMITED = -1;

/** The tenant layer (admin-console §9); every other layer is a management layer. */
export const TENANT_LAYER = 0;

/** The IP-limit stage (admin-console §9); the other stage is the general limit. */
export const IP_STAGE = 0;

/** The general-limit stage (any stage but 0 is general; we accept 1 only, so a typo is caught). */
export const GENERAL_STAGE = 1;

/** Highest layer number accepted (layers 1..9 are management layers). */
export const MAX_LAYER = 9;

/** Methods a rule may name. */
export const RATE_LIMIT_METHODS: readonly string[] = Object.freeze(['*', 'GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);

/** Limits of a rule's numbers. */
export const RATE_LIMIT_BOUNDS = Object.freeze({
  maxPeriodSeconds: 86_400,
  maxRate: 1_000_000_000,
  maxDataBytes: 1_000_000_000,
  maxRulesPerStage: 200,
  maxIdLength: 64,
  maxEndpointLength: 200,
});

/** One rule (admin-console §3). */
export interface RateLimitRule {
  tenantId: string;
  userId: string;
  method: string;
  endpoint: string;
  periodSeconds: number;
  rate: number;
  burst: number;
  maxDataBytes: number;
}

/** The rules of one layer and stage (admin-console §3). */
export interface LayerRules {
  layer: number;
  stage: number;
  rules: RateLimitRule[];
}

/** A whole rate-limit config (admin-console §3, read by other features as `layerRules`, §7). */
export interface RateLimitConfig {
  layerRules: LayerRules[];
}

/** The defaults of a rule's fields (admin-console §9). */
export const RATE_LIMIT_RULE_DEFAULTS: Readonly<RateLimitRule> = Object.freeze({
  tenantId: RATE_LIMIT_WILDCARD,
  userId: RATE_LIMIT_WILDCARD,
  method: RATE_LIMIT_WILDCARD,
  endpoint: RATE_LIMIT_WILDCARD,
  periodSeconds: 60,
  rate: RATE_LIMIT_UNLIMITED,
  burst: RATE_LIMIT_UNLIMITED,
  maxDataBytes: RATE_LIMIT_UNLIMITED,
});

/** Live counts of one rule for one minute. */
export interface RateLimitMinute {
  /** Start of the minute, epoch ms. */
  minute: number;
  allowed: number;
  refused: number;
}

/** Live counters of one rule (`GET /api2/Monitoring-v1/RateLimitStatus`). */
export interface RateLimitRuleStatus {
  layer: number;
  stage: number;
  /** Position of the rule in its layer and stage. */
  index: number;
  rule: RateLimitRule;
  /** The last minutes, oldest first. */
  minutes: RateLimitMinute[];
  allowed: number;
  refused: number;
}

/** Answer of `GET /api2/Monitoring-v1/RateLimitStatus`. */
export interface RateLimitStatus {
  rules: RateLimitRuleStatus[];
}

/** Why a config was refused: the rule (`layerRules[i].rules[j]`, or `layerRules[i]`) and its field. */
export interface RateLimitConfigProblem {
  /** Path of the offending entry, e.g. `layerRules[1].rules[0]`. */
  rule: string;
  field: string;
  message: string;
}

/** Outcome of {@link validateRateLimitConfig}. */
export type RateLimitConfigCheck = { ok: true; config: RateLimitConfig } | { ok: false; problem: RateLimitConfigProblem };

const ID_PATTERN = /^[A-Za-z0-9_.@-]+$/;
/** '*' or a path: `/` then path characters, optionally ending in `*` (a prefix). */
const ENDPOINT_PATTERN = /^\/[A-Za-z0-9._~!$&'()+,;=:@%/-]*\*?$/;

/** Is this an endpoint pattern a rule may hold? */
export function isEndpointPattern(value: string): boolean {
  return value === RATE_LIMIT_WILDCARD || (value.length <= RATE_LIMIT_BOUNDS.maxEndpointLength && ENDPOINT_PATTERN.test(value));
}

/** Does an endpoint pattern match a request path (no query string)? */
export function endpointMatches(pattern: string, path: string): boolean {
  if (pattern === RATE_LIMIT_WILDCARD) return true;
  if (pattern.endsWith('*')) return path.startsWith(pattern.slice(0, -1));
  return path === pattern;
}

/** How specific an endpoint pattern is: exact (2) before prefix (1) before '*' (0). */
function endpointRank(pattern: string): number {
  if (pattern === RATE_LIMIT_WILDCARD) return 0;
  return pattern.endsWith('*') ? 1 : 2;
}

/**
 * Orders two rules of one layer and stage: negative when `a` is more specific (wins). See the module
 * comment for the order.
 */
export function compareRuleSpecificity(a: RateLimitRule, b: RateLimitRule): number {
  const exact = (value: string): number => (value === RATE_LIMIT_WILDCARD ? 0 : 1);
  return (
    exact(b.tenantId) - exact(a.tenantId) ||
    exact(b.userId) - exact(a.userId) ||
    exact(b.method) - exact(a.method) ||
    endpointRank(b.endpoint) - endpointRank(a.endpoint) ||
    b.endpoint.length - a.endpoint.length
  );
}

function isInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value);
}

function checkNumber(value: unknown, field: string, min: number, max: number): string | null {
  if (!isInteger(value)) return `${field} must be a whole number`;
  if (value === RATE_LIMIT_UNLIMITED && field !== 'periodSeconds') return null;
  if (value < min) return field === 'periodSeconds' ? `${field} must be at least ${min}` : `${field} must be -1 (unlimited) or at least ${min}`;
  if (value > max) return `${field} must be at most ${max}`;
  return null;
}

function checkRule(raw: unknown, path: string): { rule: RateLimitRule } | { problem: RateLimitConfigProblem } {
  const fail = (field: string, message: string) => ({ problem: { rule: path, field, message } });
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return fail('rule', 'a rule must be an object');
  const source = raw as Record<string, unknown>;
  const known = Object.keys(RATE_LIMIT_RULE_DEFAULTS);
  const unknown = Object.keys(source).find((key) => !known.includes(key));
  if (unknown !== undefined) return fail(unknown, `${unknown} is not a field of a rate-limit rule`);
  const rule: RateLimitRule = { ...RATE_LIMIT_RULE_DEFAULTS };
  for (const field of ['tenantId', 'userId'] as const) {
    const value = source[field] ?? RATE_LIMIT_RULE_DEFAULTS[field];
    if (typeof value !== 'string' || (value !== RATE_LIMIT_WILDCARD && (value.length > RATE_LIMIT_BOUNDS.maxIdLength || !ID_PATTERN.test(value)))) {
      return fail(field, `${field} must be '*' or an id`);
    }
    rule[field] = value;
  }
  const method = source.method ?? RATE_LIMIT_RULE_DEFAULTS.method;
  if (typeof method !== 'string' || !RATE_LIMIT_METHODS.includes(method.toUpperCase())) return fail('method', `method must be one of ${RATE_LIMIT_METHODS.join(', ')}`);
  rule.method = method.toUpperCase();
  const endpoint = source.endpoint ?? RATE_LIMIT_RULE_DEFAULTS.endpoint;
  if (typeof endpoint !== 'string' || !isEndpointPattern(endpoint)) return fail('endpoint', "endpoint must be '*' or a path starting with '/', optionally ending in '*'");
  rule.endpoint = endpoint;
  const numbers: [keyof RateLimitRule, number, number][] = [
    ['periodSeconds', 1, RATE_LIMIT_BOUNDS.maxPeriodSeconds],
    ['rate', 0, RATE_LIMIT_BOUNDS.maxRate],
    ['burst', 0, RATE_LIMIT_BOUNDS.maxRate],
    ['maxDataBytes', 0, RATE_LIMIT_BOUNDS.maxDataBytes],
  ];
  for (const [field, min, max] of numbers) {
    const value = source[field] ?? RATE_LIMIT_RULE_DEFAULTS[field];
    const message = checkNumber(value, field, min, max);
    if (message) return fail(field, message);
    (rule as unknown as Record<string, number>)[field] = value as number;
  }
  return { rule };
}

/**
 * Validates a whole config and fills each rule's missing fields with the defaults (admin-console §9).
 * Refused whole at the first problem, naming the rule and the field. Layer 0 rules may name only the
 * owning tenant (or '*'), so a tenant's rules never reach another tenant.
 */
export function validateRateLimitConfig(input: unknown, options: { ownTenantId?: string } = {}): RateLimitConfigCheck {
  const top = (field: string, message: string): RateLimitConfigCheck => ({ ok: false, problem: { rule: 'config', field, message } });
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return top('layerRules', 'the config must be an object with layerRules');
  const layerRules = (input as { layerRules?: unknown }).layerRules;
  if (!Array.isArray(layerRules)) return top('layerRules', 'layerRules must be a list');
  const seen = new Set<string>();
  const out: LayerRules[] = [];
  for (const [i, entry] of layerRules.entries()) {
    const path = `layerRules[${i}]`;
    const fail = (field: string, message: string): RateLimitConfigCheck => ({ ok: false, problem: { rule: path, field, message } });
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return fail('layerRules', 'each entry must be an object with layer, stage and rules');
    const { layer, stage, rules, ...rest } = entry as Record<string, unknown>;
    const extra = Object.keys(rest)[0];
    if (extra !== undefined) return fail(extra, `${extra} is not a field of a layer entry`);
    if (!isInteger(layer) || layer < 0 || layer > MAX_LAYER) return fail('layer', `layer must be a whole number from 0 (tenant) to ${MAX_LAYER}`);
    if (stage !== IP_STAGE && stage !== GENERAL_STAGE) return fail('stage', `stage must be ${IP_STAGE} (IP limit) or ${GENERAL_STAGE} (general limit)`);
    const key = `${layer}/${stage}`;
    if (seen.has(key)) return fail('stage', `layer ${layer} stage ${stage} appears twice`);
    seen.add(key);
    if (!Array.isArray(rules)) return fail('rules', 'rules must be a list');
    if (rules.length > RATE_LIMIT_BOUNDS.maxRulesPerStage) return fail('rules', `at most ${RATE_LIMIT_BOUNDS.maxRulesPerStage} rules per layer and stage`);
    const checked: RateLimitRule[] = [];
    const identities = new Set<string>();
    for (const [j, raw] of rules.entries()) {
      const result = checkRule(raw, `${path}.rules[${j}]`);
      if ('problem' in result) return { ok: false, problem: result.problem };
      const rule = result.rule;
      if (layer === TENANT_LAYER && options.ownTenantId !== undefined && rule.tenantId !== RATE_LIMIT_WILDCARD && rule.tenantId !== options.ownTenantId) {
        return { ok: false, problem: { rule: `${path}.rules[${j}]`, field: 'tenantId', message: "a tenant-layer rule applies to its own tenant only: tenantId must be '*' or your tenant's id" } };
      }
      const identity = ruleIdentity(rule);
      if (identities.has(identity)) return { ok: false, problem: { rule: `${path}.rules[${j}]`, field: 'endpoint', message: 'another rule of this layer and stage has the same tenantId, userId, method and endpoint' } };
      identities.add(identity);
      checked.push(rule);
    }
    out.push({ layer, stage, rules: checked });
  }
  out.sort((a, b) => a.layer - b.layer || a.stage - b.stage);
  return { ok: true, config: { layerRules: out } };
}

/** What makes a rule the same rule across edits: the fields it matches on. */
export function ruleIdentity(rule: Pick<RateLimitRule, 'tenantId' | 'userId' | 'method' | 'endpoint'>): string {
  return `${rule.tenantId} ${rule.userId} ${rule.method} ${rule.endpoint}`;
}

/** Is the layer a management layer (global to the installation)? */
export function isManagementLayer(layer: number): boolean {
  return layer !== TENANT_LAYER;
}

const RULE_FIELDS: readonly (keyof RateLimitRule)[] = ['tenantId', 'userId', 'method', 'endpoint', 'periodSeconds', 'rate', 'burst', 'maxDataBytes'];

/** Why a tenant other than the installation's default one cannot save a config whose management layers changed. */
export const MANAGEMENT_LAYERS_FORBIDDEN_MESSAGE = "Only the installation's default tenant can change the management layers (layer 1 and above); send them unchanged";

/**
 * Whether two validated configs hold the same management layers (every layer but the tenant layer), rule by rule
 * in order. Layer/stage groups without rules count as absent, as they are when stored.
 */
export function sameManagementLayers(a: RateLimitConfig, b: RateLimitConfig): boolean {
  const management = (config: RateLimitConfig) => config.layerRules.filter((group) => isManagementLayer(group.layer) && group.rules.length > 0);
  const left = management(a);
  const right = management(b);
  if (left.length !== right.length) return false;
  return left.every((group, i) => {
    const other = right[i]!;
    if (group.layer !== other.layer || group.stage !== other.stage || group.rules.length !== other.rules.length) return false;
    return group.rules.every((rule, j) => {
      const theirs = other.rules[j]!;
      return RULE_FIELDS.every((key) => rule[key] === theirs[key]);
    });
  });
}

/** The name of a stage for people. */
export function stageName(stage: number): string {
  return stage === IP_STAGE ? 'IP limit' : 'General limit';
}

/** The name of a layer for people. */
export function layerName(layer: number): string {
  return layer === TENANT_LAYER ? 'Layer 0 (tenant)' : `Layer ${layer} (management)`;
}

/** A number of a rule for people: -1 is 'unlimited' (or 'none' for burst). */
export function formatLimit(value: number, field: 'rate' | 'burst' | 'maxDataBytes' | 'periodSeconds'): string {
  if (value === RATE_LIMIT_UNLIMITED) return field === 'burst' ? 'none' : 'unlimited';
  return String(value);
}
