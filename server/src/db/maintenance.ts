/**
 * Upkeep of the embedded database. PGlite is PostgreSQL in one process with no background workers: no
 * autovacuum and no auto-analyze. Without them the sessions table, which every sign-in, keep-alive and
 * purge writes, keeps its dead rows and grows, and the planner never learns how large any table is
 * (a ticket search over 100,000 rows plans as if the table were empty). The server does the two jobs
 * itself in embedded mode; a PostgreSQL server does them on its own.
 */
import { sql } from 'kysely';
import type { Db } from './database';

/** How often statistics of the whole database are refreshed (besides at startup). */
export const ANALYZE_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** Reclaims the dead rows of the sessions table and refreshes its statistics (after a purge). */
export async function vacuumSessions(db: Db): Promise<void> {
  await sql`vacuum (analyze) sessions`.execute(db);
}

/** Refreshes the planner statistics of every table (samples; no table is rewritten). */
export async function analyzeDatabase(db: Db): Promise<void> {
  await sql`analyze`.execute(db);
}
