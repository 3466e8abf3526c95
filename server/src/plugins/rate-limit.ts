/**
 * Rate limits: the global per-address limiter (@fastify/rate-limit's stores; 429 plain text `Too Many
 * Requests`) and `app.loginThrottle` counting failed sign-ins. Memory by default, Redis when set.
 *
 * The limiter counts every request whatever its prefix (the spec has API paths outside `/api`), unknown
 * paths included, except the console's files (scripts, styles, the import map). It runs as the first
 * `onRequest` hook of the app, so it counts before the XSRF check and the session check: a flood of
 * requests without a session is limited too.
 */
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { TooManyRequestsError } from '../platform/errors';
import { LoginThrottle } from '../platform/login-throttle';
import { isFilePath } from '../platform/console-paths';

/** Is the request for one of the console's files (not counted)? */
export function isConsoleFile(request: FastifyRequest): boolean {
  return request.routeOptions.config.staticFiles === true && isFilePath(request.url.split('?')[0] ?? '/');
}

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
      // Not per route: one app-wide hook below, so 404s and session routes count before anything else runs.
      global: false,
      max: config.rateLimitMax,
      timeWindow: config.rateLimitWindowSeconds * 1000,
      ...(app.redis ? { redis: app.redis, nameSpace: `${config.redisPrefix}rl:` } : {}),
      keyGenerator: (request) => request.ip,
    });
    const limit = app.createRateLimit();
    app.addHook('onRequest', async (request) => {
      if (isConsoleFile(request)) return;
      const result = await limit(request);
      if (!result.isAllowed && result.isExceeded) throw new TooManyRequestsError();
    });
  },
  { name: 'tessera-rate-limit', fastify: '5.x', dependencies: ['tessera-env', 'tessera-redis'] },
);
