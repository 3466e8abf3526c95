/**
 * Failed sign-ins counted per account (tenant + username) and per address with rate-limiter-flexible;
 * in memory by default, in Redis when configured. Only failures count; a success clears the account.
 */
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

/** Options of {@link LoginThrottle}. */
export interface LoginThrottleOptions {
  maxFailuresPerAccount: number;
  maxFailuresPerAddress: number;
  windowSeconds: number;
  /** Use Redis instead of memory. */
  redis?: Redis | null;
  /** Prefix of the Redis keys. */
  prefix?: string;
}

/** The account key of a sign-in. */
export function accountKey(tenantId: string, username: string): string {
  return `${tenantId}:${username.toLowerCase()}`;
}

/** Counters of failed sign-ins. */
export class LoginThrottle {
  readonly #account: RateLimiterAbstract;
  readonly #address: RateLimiterAbstract;
  readonly #maxAccount: number;
  readonly #maxAddress: number;

  constructor(options: LoginThrottleOptions) {
    this.#maxAccount = options.maxFailuresPerAccount;
    this.#maxAddress = options.maxFailuresPerAddress;
    const make = (points: number, name: string): RateLimiterAbstract =>
      options.redis
        ? new RateLimiterRedis({ storeClient: options.redis, points, duration: options.windowSeconds, keyPrefix: `${options.prefix ?? 'tessera:'}login-${name}` })
        : new RateLimiterMemory({ points, duration: options.windowSeconds, keyPrefix: `login-${name}` });
    this.#account = make(options.maxFailuresPerAccount, 'account');
    this.#address = make(options.maxFailuresPerAddress, 'address');
  }

  /** Seconds until sign-in is accepted again for this account or address; 0 when not throttled. */
  async retryAfterSeconds(account: string, address: string): Promise<number> {
    const [a, b] = await Promise.all([this.#account.get(account), this.#address.get(address)]);
    let ms = 0;
    if (a && a.consumedPoints >= this.#maxAccount) ms = Math.max(ms, a.msBeforeNext);
    if (b && b.consumedPoints >= this.#maxAddress) ms = Math.max(ms, b.msBeforeNext);
    return ms > 0 ? Math.max(1, Math.ceil(ms / 1000)) : 0;
  }

  /** Counts one failure for the account and the address. */
  async recordFailure(account: string, address: string): Promise<void> {
    await Promise.all([consumeQuietly(this.#account, account), consumeQuietly(this.#address, address)]);
  }

  /** Clears the account's failures after a successful sign-in. */
  async recordSuccess(account: string): Promise<void> {
    await this.#account.delete(account);
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
