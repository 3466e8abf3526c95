/**
 * Upkeep of the embedded database. PGlite is PostgreSQL in one process with no background workers, so
 * no autovacuum: the sessions table, which every sign-in, keep-alive and purge writes, would keep its
 * dead rows and grow. The server vacuums it after each purge in embedded mode; a PostgreSQL server does
 * this on its own.
 *
 * Not done: a database-wide ANALYZE on a timer (PGlite has no auto-analyze either). Statistics taken
 * while a table is still small mislead the planner once it has grown, whereas without any it estimates
 * from the table's real size; a change-count trigger like autovacuum's would be the right shape.
 */
import { sql } from 'kysely';
import type { Db } from './database';

/** Reclaims the dead rows of the sessions table and refreshes its statistics (after a purge). */
export async function vacuumSessions(db: Db): Promise<void> {
  await sql`vacuum (analyze) sessions`.execute(db);
}

