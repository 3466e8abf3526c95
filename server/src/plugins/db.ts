/** Opens (or takes) the database, migrates it, and decorates `app.db`. */
import fp from 'fastify-plugin';
import type { Db } from '../db/database';
import { createDb } from '../db/create-db';
import { migrateToLatest } from '../db/migrate';
import { OutageLog, isDatabaseConnectionError } from '../platform/availability';

/** Options of the db plugin. */
export interface DbPluginOptions {
  /** A database to use instead of opening the configured one; the caller closes it. */
  db?: Db;
  /** Run the migrations at startup (default true). */
  migrate?: boolean;
}

/** Decorates `app.db` (Kysely over PGlite or PostgreSQL). */
export const dbPlugin = fp<DbPluginOptions>(
  async (app, opts) => {
    const owned = !opts.db;
    // PostgreSQL going away: logged once per outage (its idle connections and requests all fail), and once
    // when a new connection opens again; requests meanwhile answer 503 'Database unreachable' (tessera-errors).
    const outage = new OutageLog('database', app.log);
    const db = opts.db ?? (await createDb({
        databaseUrl: app.config.databaseUrl,
        dataDir: app.config.dataDir,
        onIdleError: (error) => outage.down(error),
        onConnect: () => outage.up(),
      }));
    app.addHook('onError', async (_request, _reply, error) => {
      if (isDatabaseConnectionError(error)) outage.down(error);
    });
    try {
      if (opts.migrate !== false) await migrateToLatest(db);
    } catch (error) {
      if (owned) await db.destroy();
      throw error;
    }
    app.decorate('db', db);
    if (owned) app.addHook('onClose', async () => db.destroy());
  },
  { name: 'tessera-db', fastify: '5.x', dependencies: ['tessera-env'] },
);
