/** @tessera/server: the API server. `server.ts` is the entry that listens; this is the library surface. */
export { buildApp, BODY_LIMIT_BYTES, SERVER_VERSION } from './app';
export type { BuildAppOptions } from './app';
export { loadConfig } from './plugins/env';
export type { ServerConfig } from './plugins/env';
export { PASSWORD_HASH_OPTIONS, hashPassword, verifyPassword } from './auth/password';
export { createDb, createPGliteDb, createPostgresDb } from './db/create-db';
export { migrateToLatest } from './db/migrate';
export { PGliteDialect } from './db/pglite-dialect';
export type { Database } from './db/database';
