/**
 * Rate limits: the global per-address limiter (@fastify/rate-limit; 429 plain text `Too Many Requests`)
 * on API routes, and `app.loginThrottle` counting failed sign-ins. Memory by default, Redis when set.
 */
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { TooManyRequestsError } from '../platform/errors';
import { LoginThrottle } from '../platform/login-throttle';

/** Registers the limiters. `TESSERA_RATE_LIMIT_MAX=0` turns the global limiter off (benchmarks). */
export const rateLimitPlugin = fp(
  async (app) => {
    const { config } = app;
    app.decorate(
      'loginThrottle',
      new LoginThrottle({
        maxFailuresPerAccountAddress: config.loginMaxFailuresPerAccountAddress,
        maxFailuresPerAccount: config.loginMaxFailuresPerAccount,
        accountWindowSeconds: config.loginAccountWindowSeconds,
        maxFailuresPerAddress: config.loginMaxFailuresPerAddress,
        windowSeconds: config.loginWindowSeconds,
        redis: app.redis,
        prefix: config.redisPrefix,
      }),
    );
    if (config.rateLimitMax === 0) return;
    await app.register(rateLimit, {
      global: true,
      max: config.rateLimitMax,
      timeWindow: config.rateLimitWindowSeconds * 1000,
      ...(app.redis ? { redis: app.redis, nameSpace: `${config.redisPrefix}rl:` } : {}),
      keyGenerator: (request) => request.ip,
      // Static files of the console do not count.
      allowList: (request) => !request.url.startsWith('/api'),
      errorResponseBuilder: () => new TooManyRequestsError(),
    });
  },
  { name: 'tessera-rate-limit', fastify: '5.x', dependencies: ['tessera-env', 'tessera-redis'] },
);
