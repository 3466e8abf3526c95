/**
 * Decorates `app.redis`: an ioredis client when `TESSERA_REDIS_URL` is set, else null.
 *
 * When Redis goes away, requests answer 503 'Redis unreachable' at once (no offline queue, a short
 * command timeout, and a gate before the limiter while the client is not ready), the outage is logged
 * once (ioredis's 'error' events are handled, never "Unhandled error event"), and the client reconnects by
 * itself every second at most; the console's files are still served.
 */
import { requestPath, routeConfig } from '../platform/route-config';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { OutageLog, ServiceUnavailableError, isRedisConnectionError } from '../platform/availability';
import { isFilePath } from '../platform/console-paths';

/** Longest wait for one Redis command or connection, ms. */
export const REDIS_TIMEOUT_MS = 1500;

/** Connects to Redis when configured and closes the client with the app. */
export const redisPlugin = fp(
  async (app) => {
    if (!app.config.redisUrl) {
      app.decorate('redis', null);
      return;
    }
    const redis = new Redis(app.config.redisUrl, {
      lazyConnect: true,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      connectTimeout: REDIS_TIMEOUT_MS,
      commandTimeout: REDIS_TIMEOUT_MS,
      retryStrategy: (times) => Math.min(times * 200, 1000),
    });
    const outage = new OutageLog('redis', app.log);
    let closing = false;
    redis.on('error', (error: Error) => outage.down(error));
    redis.on('close', () => {
      if (!closing) outage.down();
    });
    redis.on('ready', () => outage.up());
    await redis.connect();
    app.decorate('redis', redis);
    // A step of the request pipeline, before the limiter (tessera-request-pipeline).
    app.addRequestStep((request) => {
      if (redis.status === 'ready') return;
      if (routeConfig(request).staticFiles === true && isFilePath(requestPath(request))) return;
      throw new ServiceUnavailableError('redis');
    });
    app.addHook('onError', async (_request, _reply, error) => {
      if (isRedisConnectionError(error)) outage.down(error);
    });
    app.addHook('onClose', async () => {
      closing = true;
      await redis.quit().catch(() => redis.disconnect());
    });
  },
  { name: 'tessera-redis', fastify: '5.x', dependencies: ['tessera-env', 'tessera-request-pipeline'] },
);
