/** Opens (or takes) the database, migrates it, and decorates `app.db`. */
import fp from 'fastify-plugin';
import type { Db } from '../db/database';
import { createDb } from '../db/create-db';
import { migrateToLatest } from '../db/migrate';

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
    const db = opts.db ?? (await createDb({
        databaseUrl: app.config.databaseUrl,
        dataDir: app.config.dataDir,
        onIdleError: (error) => app.log.warn({ err: error }, 'idle database connection failed'),
      }));
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
