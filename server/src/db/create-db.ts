/** Opens the database: PGlite in `<dataDir>/pglite` (in a thread of its own) by default, PostgreSQL when a URL is given. */
import fs from 'node:fs/promises';
import path from 'node:path';
import { Kysely, PostgresDialect, type CompiledQuery, type QueryResult } from 'kysely';
import pg from 'pg';
import { PGliteDialect, type PGliteLike } from './pglite-dialect';
import { PGliteThread } from './pglite-thread';
import type { Database } from './database';

/** Where the database lives. */
export interface DatabaseLocation {
  /** PostgreSQL URL; when null, PGlite is used. */
  databaseUrl: string | null;
  /** Folder holding `pglite/` when PGlite is used. */
  dataDir: string;
  /** Told when an idle PostgreSQL connection fails (the pool replaces it). */
  onIdleError?: (error: Error) => void;
  /** Told when the pool opens a new PostgreSQL connection (the database answers again after an outage). */
  onConnect?: () => void;
}

/** How long opening a PostgreSQL connection may take: a request waits no longer for an unreachable database. */
export const CONNECT_TIMEOUT_MS = 2000;

/** A Kysely instance over a PostgreSQL pool. */
export function createPostgresDb(databaseUrl: string, max = 10, onIdleError: (error: Error) => void = () => {}, onConnect: () => void = () => {}): Kysely<Database> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  pool.on('connect', (client) => {
    // A client checked out of the pool has no 'error' listener of the pool's: when the server goes away
    // then, the error would be unhandled and end the process. The query in flight fails by itself.
    client.on('error', onIdleError);
    onConnect();
  });
  // An idle client that loses its connection (server restart, a dropped database, or a client still
  // closing after pool.end() resolved) emits 'error' on the pool; unhandled, that crashes the process.
  // The pool discards the client by itself; the next query opens a new one.
  pool.on('error', onIdleError);
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** The PGlite dialect of each Kysely instance createPGliteDb made (runStatementsInTransaction asks it). */
const pgliteDialects = new WeakMap<Kysely<Database>, PGliteDialect>();

/** A Kysely instance over a PGlite instance (closed when Kysely is destroyed). */
export function createPGliteDb(pglite: PGliteLike | (() => Promise<PGliteLike>)): Kysely<Database> {
  const dialect = new PGliteDialect({ pglite });
  const db = new Kysely<Database>({ dialect });
  pgliteDialects.set(db, dialect);
  return db;
}

/** An error of runStatementsInTransaction: the failing statement's, with its index among the statements. */
export type StatementError = Error & { statementIndex?: number };

/**
 * Runs compiled statements as one transaction: on the embedded database's thread in one message (its statements run
 * one after the other there, with no round trip through the event loop between them, and the transaction holds the
 * database only while it runs); elsewhere as a transaction whose statements are sent together. Committed when all
 * succeed; else rolled back, and rejected with the failing statement's error, its `statementIndex` set.
 */
export async function runStatementsInTransaction(db: Kysely<Database>, statements: readonly CompiledQuery[]): Promise<QueryResult<unknown>[]> {
  const oneMessage = pgliteDialects.get(db)?.oneMessageTransaction(statements);
  if (oneMessage) return oneMessage;
  return db.transaction().execute((trx) =>
    Promise.all(
      statements.map((statement, index) =>
        trx.executeQuery(statement).catch((error: StatementError) => {
          if (error && typeof error === 'object') error.statementIndex ??= index;
          throw error;
        }),
      ),
    ),
  );
}

/** Opens the configured database (not yet migrated). */
export async function createDb(location: DatabaseLocation): Promise<Kysely<Database>> {
  if (location.databaseUrl) return createPostgresDb(location.databaseUrl, 10, location.onIdleError, location.onConnect);
  const dir = path.join(location.dataDir, 'pglite');
  await fs.mkdir(dir, { recursive: true });
  // PGlite runs in its own thread (pglite-thread.ts): its CPU time is not taken from the requests'.
  return createPGliteDb(new PGliteThread({ dataDir: dir }));
}
