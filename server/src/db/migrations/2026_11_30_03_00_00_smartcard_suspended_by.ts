/**
 * Who suspended a smartcard (issue 15; admin-console §2.2 suspensions: the suspensions list shows "suspended by").
 * And an index for the suspensions list (tenant, status, suspended_at). Frozen: never import application code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('smartcards').addColumn('suspended_by', 'text').execute();
  await sql`create index smartcards_suspended on smartcards (tenant_id, status, suspended_at)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists smartcards_suspended`.execute(db);
  await db.schema.alterTable('smartcards').dropColumn('suspended_by').execute();
}
