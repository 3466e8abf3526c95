/**
 * Indexes of the user search (issue 13 bench: p95 ≤ 50 ms over 1,000,000 users in PostgreSQL). The search
 * is a case-insensitive substring match (ILIKE '%term%') on one expression joining username, given name,
 * family name and e-mail (users.repository `USER_SEARCH_TEXT`; the index expression must stay the same): a
 * trigram GIN index over it lets PostgreSQL answer from the index instead of scanning the tenant's rows,
 * and (tenant_id, username) serves the page order of an unfiltered list.
 * pg_trgm is a trusted extension (PostgreSQL ≥ 13: the database owner may create it); PGlite ships it as
 * a separately loaded module, so where it is not available the trigram indexes are left out and the
 * search still works, by scanning. Frozen: never import application code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index users_tenant_username_order on users (tenant_id, username)`.execute(db);
  const available = await sql`select 1 from pg_available_extensions where name = 'pg_trgm'`.execute(db);
  if (available.rows.length === 0) return;
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index users_search_trgm on users using gin ((username || ' ' || given_name || ' ' || family_name || ' ' || email) gin_trgm_ops)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists users_search_trgm`.execute(db);
  // The extension stays: other objects may use it, and creating it again is a no-op.
  await sql`drop index if exists users_tenant_username_order`.execute(db);
}
