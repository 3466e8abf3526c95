/**
 * Failed sign-ins counted with rate-limiter-flexible, in memory by default, in Redis when configured.
 *
 * Three counters, as the well-known identity servers do it (OWASP Authentication Cheat Sheet, "Account
 * lockout"; Keycloak's brute-force detector; Microsoft Entra "smart lockout"): failures of one account from
 * one address trip first (default 5 per 15 minutes), so a guesser at one address is stopped without locking
 * the owner out from another; a slower per-account limit behind it (default 100 per hour) stops guessing
 * spread over many addresses; and a per-address limit stops one address trying many accounts. Only failures
 * count; a success clears the account's counter for that address.
 */
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

/** Options of {@link LoginThrottle}. */
export interface LoginThrottleOptions {
  /** Failures of one account from one address per `windowSeconds` (default: `maxFailuresPerAccount`). */
  maxFailuresPerAccountAddress?: number;
  /** Failures of one account from any address per `accountWindowSeconds`. */
  maxFailuresPerAccount: number;
  /** Failures from one address across accounts per `windowSeconds`. */
  maxFailuresPerAddress: number;
  /** Window of the account+address and address counters, seconds. */
  windowSeconds: number;
  /** Window of the slower per-account counter, seconds (default: `windowSeconds`). */
  accountWindowSeconds?: number;
  /** Use Redis instead of memory. */
  redis?: Redis | null;
  /** Prefix of the Redis keys. */
  prefix?: string;
}

/** The account key of a sign-in. */
export function accountKey(tenantId: string, username: string): string {
  return `${tenantId}:${username.toLowerCase()}`;
}

/** The key of an account at one address. */
function pairKey(account: string, address: string): string {
  return `${account}@${address}`;
}

/** Counters of failed sign-ins. */
export class LoginThrottle {
  readonly #pair: RateLimiterAbstract;
  readonly #account: RateLimiterAbstract;
  readonly #address: RateLimiterAbstract;
  readonly #maxPair: number;
  readonly #maxAccount: number;
  readonly #maxAddress: number;

  constructor(options: LoginThrottleOptions) {
    this.#maxPair = options.maxFailuresPerAccountAddress ?? options.maxFailuresPerAccount;
    this.#maxAccount = options.maxFailuresPerAccount;
    this.#maxAddress = options.maxFailuresPerAddress;
    const make = (points: number, duration: number, name: string): RateLimiterAbstract =>
      options.redis
        ? new RateLimiterRedis({ storeClient: options.redis, points, duration, keyPrefix: `${options.prefix ?? 'tessera:'}login-${name}` })
        : new RateLimiterMemory({ points, duration, keyPrefix: `login-${name}` });
    this.#pair = make(this.#maxPair, options.windowSeconds, 'account-address');
    this.#account = make(this.#maxAccount, options.accountWindowSeconds ?? options.windowSeconds, 'account');
    this.#address = make(this.#maxAddress, options.windowSeconds, 'address');
  }

  /** Seconds until sign-in is accepted again for this account at this address; 0 when not throttled. */
  async retryAfterSeconds(account: string, address: string): Promise<number> {
    const [p, a, b] = await Promise.all([this.#pair.get(pairKey(account, address)), this.#account.get(account), this.#address.get(address)]);
    let ms = 0;
    if (p && p.consumedPoints >= this.#maxPair) ms = Math.max(ms, p.msBeforeNext);
    if (a && a.consumedPoints >= this.#maxAccount) ms = Math.max(ms, a.msBeforeNext);
    if (b && b.consumedPoints >= this.#maxAddress) ms = Math.max(ms, b.msBeforeNext);
    return ms > 0 ? Math.max(1, Math.ceil(ms / 1000)) : 0;
  }

  /** Counts one failure for the account at the address, the account, and the address. */
  async recordFailure(account: string, address: string): Promise<void> {
    await Promise.all([consumeQuietly(this.#pair, pairKey(account, address)), consumeQuietly(this.#account, account), consumeQuietly(this.#address, address)]);
  }

  /**
   * Clears the account's failures at this address after a successful sign-in (without an address: the
   * account's counter). The slower per-account counter is kept when an address is given, so a guesser
   * spread over many addresses gains nothing when the owner signs in.
   */
  async recordSuccess(account: string, address?: string): Promise<void> {
    if (address === undefined) await this.#account.delete(account);
    else await this.#pair.delete(pairKey(account, address));
  }
}

async function consumeQuietly(limiter: RateLimiterAbstract, key: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (error) {
    // Over the limit: rate-limiter-flexible rejects with a RateLimiterRes; the count is kept.
    if (!(error instanceof RateLimiterRes)) throw error;
  }
}
