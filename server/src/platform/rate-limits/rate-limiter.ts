/**
 * The rule engine (issue 14): the installation's rules compiled in memory, reloaded when the version row
 * moves (polled every {@link RELOAD_POLL_MS}, so a change made on any instance applies on every instance
 * within a second), checked per request against the store (memory or Redis).
 */
import { ACME_PATH, ACME_RATE_PER_MINUTE, ANONYMOUS_CSR_PATH, ANONYMOUS_CSR_RATE_PER_MINUTE, ENROLMENT_RATE_PER_MINUTE, GENERAL_STAGE, IP_STAGE, RATE_LIMIT_RULE_DEFAULTS, type RateLimitRule, type RateLimitStatus } from '@tessera/domain';
import type { Db } from '../../db/database';
import * as repository from './rate-limit-rules.repository';
import { RuleSet } from './rule-set';
import type { CheckInput, CheckResult, RateLimitStore } from './stores';

/** How often each instance looks for a changed config, ms. */
export const RELOAD_POLL_MS = 500;

/** Minutes of counters the status answers. */
export const STATUS_MINUTES = 10;

/** A default rule with the key the installation records once it has been given it (`rate_limit_seeded_defaults`). */
export interface KeyedDefaultRule {
  /** Stable across versions: a rule's key never changes, a new default gets a new key. */
  key: string;
  layer: number;
  stage: number;
  rule: RateLimitRule;
}

/**
 * The default rules (management layer 1), each with its key, in their order: given to an installation once each
 * (rate-limit-rules.repository `seedDefaults`), all of them on its first start: per address
 * `TESSERA_RATE_LIMIT_MAX` requests per `TESSERA_RATE_LIMIT_WINDOW_SECONDS` (default 30,000 a minute: 200
 * busy console users behind one address stay under it), and per user (or per address when anonymous)
 * 1,200 a minute with a burst of 600, which stops a single runaway client or script long before the
 * address limit. The login throttle stays apart (platform/login-throttle.ts).
 *
 * The public PKI routes (`/pki/*`: CRL, OCSP, CA certificates, fetched by relying parties that have no
 * session) have their own bucket (docs/api.md "Public PKI routes"): per address `TESSERA_PKI_RATE_LIMIT_MAX`
 * a minute in stage 0, and an unlimited rule in the general stage so that they do not spend the anonymous
 * per-address allowance of the console's calls (the more specific endpoint wins in each stage). Anonymous
 * certificate requests (public, and each one signs) have a tight per-address rule of their own, and so do the
 * ACME routes (`/pki/acme/*`, issue 17: `ACME_RATE_PER_MINUTE` per address).
 */
export function keyedDefaultRules(options: { perAddress: number; windowSeconds: number; pkiPerAddress: number }): KeyedDefaultRule[] {
  const pki = { ...RATE_LIMIT_RULE_DEFAULTS, endpoint: PKI_PUBLIC_ENDPOINTS };
  const ip = (key: string, rule: RateLimitRule): KeyedDefaultRule => ({ key, layer: 1, stage: IP_STAGE, rule });
  const general = (key: string, rule: RateLimitRule): KeyedDefaultRule => ({ key, layer: 1, stage: GENERAL_STAGE, rule });
  return [
    ip('ip:all', { ...RATE_LIMIT_RULE_DEFAULTS, periodSeconds: options.windowSeconds, rate: options.perAddress }),
    ip('ip:pki', { ...pki, periodSeconds: 60, rate: options.pkiPerAddress }),
    ip('ip:anonymous-csr', { ...RATE_LIMIT_RULE_DEFAULTS, endpoint: ANONYMOUS_CSR_PATH, periodSeconds: 60, rate: ANONYMOUS_CSR_RATE_PER_MINUTE }),
    ...ENROLMENT_ENDPOINTS.map((endpoint) => ip(`ip:${endpoint}`, { ...RATE_LIMIT_RULE_DEFAULTS, endpoint, periodSeconds: 60, rate: ENROLMENT_RATE_PER_MINUTE })),
    ip('ip:acme', { ...RATE_LIMIT_RULE_DEFAULTS, endpoint: `${ACME_PATH}/*`, periodSeconds: 60, rate: ACME_RATE_PER_MINUTE }),
    general('general:all', { ...RATE_LIMIT_RULE_DEFAULTS, periodSeconds: 60, rate: 1200, burst: 600 }),
    general('general:pki', pki),
  ];
}

/** The endpoint patterns of the SCEP and EST routes' own per-address rule (issue 17). */
export const ENROLMENT_ENDPOINTS = ['/pki/scep/*', '/.well-known/est/*'];

/** The endpoint pattern of the public PKI routes' rules. */
export const PKI_PUBLIC_ENDPOINTS = '/pki/*';

/** The answer of a request that no rule names and that carries no session (frozen: shared by every such request). */
const NOTHING_TO_CHECK: CheckResult = Object.freeze({ outcome: 'allowed', retryAfterMs: 0, maxDataBytes: -1, session: undefined });

/** The engine an app holds as `app.rateLimits`. */
export class RateLimiter {
  readonly #db: Db;
  readonly #store: RateLimitStore;
  #rules = new RuleSet([]);
  #version = -1;
  #timer: NodeJS.Timeout | null = null;
  #chain: Promise<void> = Promise.resolve();
  #pending = 0;
  #stopped = false;

  constructor(options: { db: Db; store: RateLimitStore }) {
    this.#db = options.db;
    this.#store = options.store;
  }

  /** The compiled rules in use. */
  get rules(): RuleSet {
    return this.#rules;
  }

  /**
   * Loads the rules when the version moved (or always with `force`). Loads run one after another: a load
   * asked for while another runs (a poll that read the version before a change committed) runs after it,
   * so the instance that made a change applies it at once.
   */
  async reload(force = false): Promise<void> {
    this.#pending += 1;
    const run = this.#chain.then(() => this.#load(force));
    // The chain itself never rejects: a failed load is the caller's to handle (through `run`), and a
    // rejected chain that no later reload picks up would be an unhandled rejection.
    this.#chain = run
      .catch(() => undefined)
      .finally(() => {
        this.#pending -= 1;
      });
    return run;
  }

  async #load(force: boolean): Promise<void> {
    if (this.#stopped) return; // the app is closing: its database may be gone
    const version = await repository.currentVersion(this.#db);
    if (!force && version === this.#version) return;
    const stored = await repository.allRules(this.#db);
    this.#rules = new RuleSet(stored);
    this.#version = version;
  }

  /** Starts polling the version (skipped while a load runs); failures are reported and retried at the next tick. */
  startPolling(onError: (error: unknown) => void): void {
    this.#timer = setInterval(() => {
      if (this.#pending > 0) return;
      this.reload().catch(onError);
    }, RELOAD_POLL_MS);
    this.#timer.unref();
  }

  /** Stops polling for good (the app closes); a load asked for afterwards does nothing. */
  stopPolling(): void {
    this.#stopped = true;
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }

  /** Stops polling and waits for a load in flight (the app closes before its database does). */
  async stop(): Promise<void> {
    this.stopPolling();
    await this.#chain;
  }

  /** Checks one request: at once when the store decides without waiting, else a promise. */
  check(input: Omit<CheckInput, 'groups'> & { method: string; path: string }): CheckResult | Promise<CheckResult> {
    const groups = this.#rules.candidates(input.method, input.path);
    if (groups.length === 0 && input.sessionId === null) return NOTHING_TO_CHECK;
    return this.#store.check({
      groups,
      ip: input.ip,
      anonymousSubject: input.anonymousSubject,
      sessionId: input.sessionId,
      keyOwner: input.keyOwner,
      contentLength: input.contentLength,
      now: input.now,
    });
  }

  /** The live counters of the rules a tenant sees, in config order. */
  async status(tenantId: string, now: number): Promise<RateLimitStatus> {
    const visible = this.#rules.rules.filter((rule) => rule.ownerTenantId === null || rule.ownerTenantId === tenantId);
    visible.sort((a, b) => a.layer - b.layer || a.stage - b.stage || a.index - b.index);
    const minutes = await this.#store.minutes(
      visible.map((rule) => rule.key),
      now,
      STATUS_MINUTES,
    );
    return {
      rules: visible.map((rule) => {
        const series = minutes.get(rule.key) ?? [];
        return {
          layer: rule.layer,
          stage: rule.stage,
          index: rule.index,
          rule: rule.rule,
          minutes: series,
          allowed: series.reduce((sum, m) => sum + m.allowed, 0),
          refused: series.reduce((sum, m) => sum + m.refused, 0),
        };
      }),
    };
  }
}
