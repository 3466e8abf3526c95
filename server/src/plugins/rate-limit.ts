/**
 * Rate limits: the rule engine (issue 14; platform/rate-limits/) and `app.loginThrottle` counting failed
 * sign-ins (apart from the rules). Buckets in process by default, in Redis when `TESSERA_REDIS_URL` is set.
 *
 * The engine counts every request whatever its prefix (the spec has API paths outside `/api`), unknown
 * paths included, except the console's files (scripts, styles, the import map). It runs as an early step of
 * the request pipeline's `onRequest` hook, before the XSRF check and the session check, so a flood without a session is limited
 * too; `maxDataBytes` is checked there from `Content-Length`, before the body is read (413). With Redis the
 * check reads the session in the same script (one round trip) and hands it to the auth guard.
 *
 * Websocket upgrades are ordinary GET requests to Fastify and pass this step like any route; messages on
 * an open socket are not counted. The agent hub's gRPC stream is not an HTTP route: it is opened with a
 * short-lived agent token that only a rate-limited session request can obtain, so it is limited there.
 */
import { requestPath, routeConfig } from '../platform/route-config';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { parseApiKey } from '@tessera/domain';
import { RateLimitBodyTooLargeError, TooManyRequestsError } from '../platform/errors';
import { LoginThrottle } from '../platform/login-throttle';
import { isFilePath } from '../platform/console-paths';
import { requestSessionId } from '../platform/session-cookie';
import { DatabaseSessionStore, redisSessionKey } from '../platform/session-store';
import { bearerToken, type ApiKeyOwnerLookup } from '../platform/api-key-auth';
import { KeyOwners } from '../platform/rate-limits/key-owners';
import { RateLimiter, keyedDefaultRules } from '../platform/rate-limits/rate-limiter';
import { ipSubject } from '../platform/rate-limits/rule-set';
import { MemoryRateLimitStore, RedisRateLimitStore, type CheckResult } from '../platform/rate-limits/stores';
import { seedDefaults } from '../platform/rate-limits/rate-limit-rules.repository';

/** Is the request for one of the console's files (not counted)? */
export function isConsoleFile(request: FastifyRequest): boolean {
  return routeConfig(request).staticFiles === true && isFilePath(requestPath(request));
}

function contentLength(request: FastifyRequest): number | null {
  const header = request.headers['content-length'];
  if (header === undefined) return null;
  if (typeof header !== 'string' || !/^\d+$/.test(header)) return null;
  return Number(header);
}

/** Hands the session read on the way to the auth guard; refuses the request the check refused. */
function admit(request: FastifyRequest, result: CheckResult): void {
  if (result.session !== undefined) request.sessionPreload = result.session;
  if (result.outcome === 'tooLarge') throw new RateLimitBodyTooLargeError(result.maxDataBytes);
  if (result.outcome === 'refused') throw new TooManyRequestsError(result.retryAfterMs / 1000);
}

/** Options of the rate-limit plugin. */
export interface RateLimitPluginOptions {
  /** The owner of an API key id (the apikeys area's `ownerOfKeyId`), so that tenant-layer rules match key requests. */
  apiKeyOwner: ApiKeyOwnerLookup;
}

/** Registers the limiters. `TESSERA_RATE_LIMIT_MAX=0` turns the rule engine off (benchmarks). */
export const rateLimitPlugin = fp<RateLimitPluginOptions>(
  async (app, options) => {
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
    const store = app.redis
      ? new RedisRateLimitStore(app.redis, { prefix: config.redisPrefix, sessionKey: (id) => redisSessionKey(config.redisPrefix, id) })
      : new MemoryRateLimitStore({ readSession: (id) => (app.sessions instanceof DatabaseSessionStore ? app.sessions.read(id) : app.sessions.get(id)) });
    const limiter = new RateLimiter({ db: app.db, store });
    app.decorate('rateLimits', limiter);
    if (config.rateLimitMax === 0) return;

    // Defaults this installation has not been given yet: all of them on the first start, a newer version's additions later.
    const defaults = keyedDefaultRules({ perAddress: config.rateLimitMax, windowSeconds: config.rateLimitWindowSeconds, pkiPerAddress: config.pkiRateLimitMax });
    const seeded = await app.db.transaction().execute(async (trx) => {
      const result = await seedDefaults(trx, defaults);
      // Rules the system added are audited like an operator's change (a first start's seeding included).
      if (result.inserted.length > 0) await app.audit.write(trx, { tenantId: null, actorUsername: 'system', action: 'ratelimit.defaults-added', targetType: 'rate-limits', detail: { rules: result.inserted } });
      return result;
    });
    if (seeded.inserted.length > 0) app.log.info({ rules: seeded.inserted }, 'rate limits: default rules added');
    await limiter.reload(true);
    limiter.startPolling((error) => app.log.warn({ err: error }, 'reloading the rate-limit rules failed'));
    app.addHook('onClose', async () => limiter.stop());

    const keyOwners = new KeyOwners({ lookup: options.apiKeyOwner, db: app.db, now: app.now });
    const check = (request: FastifyRequest, keyId: string | null, keyOwner: { tenantId: string; userId: string } | null, sessionId: string | null) =>
      limiter.check({
        method: request.method,
        path: requestPath(request),
        ip: request.ip,
        anonymousSubject: keyId !== null ? `k:${keyId}` : ipSubject(request.ip),
        sessionId,
        keyOwner,
        contentLength: contentLength(request),
        now: app.now(),
      });
    // A step of the request pipeline (tessera-request-pipeline), after the Redis gate and before the XSRF check:
    // with the in-process store and a cached session it decides at once, without a promise.
    app.addRequestStep((request) => {
      if (isConsoleFile(request)) return;
      // A request with a Bearer token is the key's caller whatever its cookies (as in the auth guard): it
      // counts in the key's own bucket, under the key's tenant and creator for the rules that name them.
      const bearer = bearerToken(request);
      const key = bearer ? parseApiKey(bearer) : null;
      if (key) return keyOwners.get(key.keyId).then((owner) => check(request, key.keyId, owner, null)).then((result) => admit(request, result));
      const result = check(request, null, null, bearer === null ? requestSessionId(request) : null);
      if (result instanceof Promise) return result.then((decided) => admit(request, decided));
      admit(request, result);
    });
  },
  { name: 'tessera-rate-limit', fastify: '5.x', dependencies: ['tessera-env', 'tessera-db', 'tessera-redis', 'tessera-session', 'tessera-audit', 'tessera-request-pipeline'] },
);
