/** Kysely access to `smartcards`. */
import type { DbOrTrx } from '../db/database';
import type { SmartcardRow, SmartcardsTable } from './cards.table';
import type { Updateable } from 'kysely';

/** A card of the tenant by id, or undefined. */
export function findCard(db: DbOrTrx, tenantId: string, id: string): Promise<SmartcardRow | undefined> {
  return db.selectFrom('smartcards').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

/** A card of the tenant by its serial number, or undefined. */
export function findCardBySerial(db: DbOrTrx, tenantId: string, serialNumber: string): Promise<SmartcardRow | undefined> {
  return db.selectFrom('smartcards').selectAll().where('tenant_id', '=', tenantId).where('serial_number', '=', serialNumber).executeTakeFirst();
}

/** The tenant's cards, newest first, optionally of one user. */
export function listCards(db: DbOrTrx, tenantId: string, userId?: string): Promise<SmartcardRow[]> {
  let query = db.selectFrom('smartcards').selectAll().where('tenant_id', '=', tenantId);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  return query.orderBy('created_at', 'desc').execute();
}

/** Inserts a card record and returns its id. */
export async function insertCard(
  db: DbOrTrx,
  values: { tenant_id: string; serial_number: string; atr: string; card_type: string; status: string; user_id: string | null; card_template_id: string | null },
): Promise<string> {
  return (await db.insertInto('smartcards').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

/** Changes a card record's columns. */
export async function updateCard(db: DbOrTrx, tenantId: string, id: string, values: Updateable<SmartcardsTable>, at: Date): Promise<void> {
  await db.updateTable('smartcards').set({ ...values, updated_at: at }).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}
