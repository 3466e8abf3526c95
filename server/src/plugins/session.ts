/** Decorates `app.sessions`: the session store (database + cache, or Redis). */
import fp from 'fastify-plugin';
import { DatabaseSessionStore, RedisSessionStore, type SessionStore } from '../platform/session-store';
import { embeddedUpkeep } from '../db/maintenance';

const PURGE_INTERVAL_MS = 10 * 60 * 1000;

/** Chooses the session store and purges expired records now and then. */
export const sessionPlugin = fp(
  async (app) => {
    const store: SessionStore = app.redis
      ? new RedisSessionStore(app.redis, { prefix: app.config.redisPrefix, now: app.now })
      : new DatabaseSessionStore(app.db);
    app.decorate<SessionStore>('sessions', store);
    app.decorateRequest('sessionPreload', undefined);
    app.decorateRequest('sessionIdMemo', undefined);
    // Embedded PGlite has no autovacuum: after each purge the server applies autovacuum's rule itself.
    const embedded = app.config.databaseUrl === null;
    const purge = async (): Promise<void> => {
      await store.purgeExpired(app.now());
      if (!embedded) return;
      const started = performance.now();
      const done = await embeddedUpkeep(app.db);
      if (done.vacuumed.length + done.analyzed.length > 0) app.log.info({ ...done, ms: Math.round(performance.now() - started) }, 'embedded database upkeep');
    };
    const timer = setInterval(() => {
      purge().catch((error: unknown) => app.log.warn({ err: error }, 'purging expired sessions or the database upkeep failed'));
    }, PURGE_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'tessera-session', fastify: '5.x', dependencies: ['tessera-env', 'tessera-db', 'tessera-redis'] },
);
