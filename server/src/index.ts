/** @tessera/server: the API server. `server.ts` is the entry that listens; this is the library surface. */
export { buildApp, BODY_LIMIT_BYTES, SERVER_VERSION } from './app';
export type { BuildAppOptions } from './app';
export { loadConfig } from './platform/config';
export type { ServerConfig } from './platform/config';
export { PASSWORD_HASH_OPTIONS, hashPassword, verifyPassword } from './platform/password';
export { createDb, createPGliteDb, createPostgresDb } from './db/create-db';
export { migrateToLatest } from './db/migrate';
export { PGliteDialect } from './db/pglite-dialect';
export type { Database } from './db/database';
