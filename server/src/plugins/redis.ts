/** Decorates `app.redis`: an ioredis client when `TESSERA_REDIS_URL` is set, else null. */
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

/** Connects to Redis when configured and closes the client with the app. */
export const redisPlugin = fp(
  async (app) => {
    if (!app.config.redisUrl) {
      app.decorate('redis', null);
      return;
    }
    const redis = new Redis(app.config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: true });
    await redis.connect();
    app.decorate('redis', redis);
    app.addHook('onClose', async () => {
      await redis.quit();
    });
  },
  { name: 'tessera-redis', fastify: '5.x', dependencies: ['tessera-env'] },
);
