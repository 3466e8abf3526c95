/**
 * Suspension of a smartcard (issue 15; admin-console §2.2 suspensions): the status a suspended card goes back
 * to on resume, when and why it was suspended. And the card list's default order (tenant, created_at, id), so a
 * page of `GET Smartcards` is an index range read. Frozen: never import application code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('smartcards')
    .addColumn('suspended_from', 'text')
    .addColumn('suspended_at', 'timestamptz')
    .addColumn('suspension_reason', 'text')
    .execute();
  await sql`create index smartcards_list_created on smartcards (tenant_id, created_at, id)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists smartcards_list_created`.execute(db);
  await db.schema.alterTable('smartcards').dropColumn('suspension_reason').dropColumn('suspended_at').dropColumn('suspended_from').execute();
}
