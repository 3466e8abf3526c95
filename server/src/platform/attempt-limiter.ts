/**
 * A count of attempts per key in a fixed window, with rate-limiter-flexible like the sign-in throttle
 * (`login-throttle.ts`): in memory by default, in Redis when configured, so that several instances share
 * it. Used where one key needs a budget of its own (password reset requests per e-mail address, per
 * client address, mails per account).
 */
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

/** Options of {@link AttemptLimiter}. */
export interface AttemptLimiterOptions {
  /** Name of the budget (part of the keys). */
  name: string;
  /** Attempts allowed per key per window. */
  points: number;
  windowSeconds: number;
  /** Use Redis instead of memory. */
  redis?: Redis | null;
  /** Prefix of the Redis keys. */
  prefix?: string;
}

/** Attempts per key. */
export class AttemptLimiter {
  readonly #limiter: RateLimiterAbstract;

  constructor(options: AttemptLimiterOptions) {
    this.#limiter = options.redis
      ? new RateLimiterRedis({ storeClient: options.redis, points: options.points, duration: options.windowSeconds, keyPrefix: `${options.prefix ?? 'tessera:'}${options.name}` })
      : new RateLimiterMemory({ points: options.points, duration: options.windowSeconds, keyPrefix: options.name });
  }

  /**
   * Counts one attempt for the key.
   * @returns 0 when the attempt is within the budget, else whole seconds until the window ends
   */
  async take(key: string): Promise<number> {
    try {
      await this.#limiter.consume(key);
      return 0;
    } catch (error) {
      // Over the budget: rate-limiter-flexible rejects with a RateLimiterRes.
      if (!(error instanceof RateLimiterRes)) throw error;
      return Math.max(1, Math.ceil(error.msBeforeNext / 1000));
    }
  }
}
