/**
 * The user search's second plan (issue 13 bench: p95 ≤ 50 ms over 1,000,000 users in PostgreSQL). A broad term
 * (more matches than the capped count needs) is paged by walking the index of the sort order with the filter
 * until the page is full (users.repository `list`); (tenant_id, username) exists, and these give every other
 * sortable column of the list (given name, family name, e-mail, created) the same walk instead of sorting
 * every match. The trigram index keeps its pending list (new entries not yet merged, read in full by every
 * search) at 256 kB instead of the 4 MB default, so that a search after a bulk insert does not scan thousands
 * of pending entries. PGlite has no trigram index (see users_search_indexes): the setting is skipped there.
 * Frozen: never import application code here.
 */
import { sql, type Kysely } from 'kysely';

const SORT_COLUMNS = ['given_name', 'family_name', 'email', 'created_at'] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of SORT_COLUMNS) await db.schema.createIndex(`users_tenant_${column}_order`).on('users').columns(['tenant_id', column]).execute();
  const trigram = await sql<{ present: boolean }>`select to_regclass('users_search_trgm') is not null as present`.execute(db);
  if (trigram.rows[0]?.present) await sql`alter index users_search_trgm set (gin_pending_list_limit = 256)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  const trigram = await sql<{ present: boolean }>`select to_regclass('users_search_trgm') is not null as present`.execute(db);
  if (trigram.rows[0]?.present) await sql`alter index users_search_trgm reset (gin_pending_list_limit)`.execute(db);
  for (const column of SORT_COLUMNS) await db.schema.dropIndex(`users_tenant_${column}_order`).ifExists().execute();
}
