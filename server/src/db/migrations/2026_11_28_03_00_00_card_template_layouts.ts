/**
 * Card layouts (issue 16; signin §3 "Card layout images"): a card template gains the layout printed on its cards,
 * front and back (null: a blank white card). Frozen: never import application code here.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('card_templates').addColumn('layout', 'jsonb').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('card_templates').dropColumn('layout').execute();
}
