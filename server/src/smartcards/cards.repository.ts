/** Kysely access to `smartcards`. */
import type { DbOrTrx } from '../db/database';
import type { SmartcardRow, SmartcardsTable } from './cards.table';
import type { Updateable } from 'kysely';
import type { SmartcardSortKey } from '@tessera/domain';

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

const SORT_COLUMN: Record<SmartcardSortKey, 'serial_number' | 'status' | 'card_type' | 'created_at' | 'updated_at'> = {
  serialNumber: 'serial_number',
  status: 'status',
  cardType: 'card_type',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
};

/** One page of the tenant's cards (optionally of one user or one status), searched by serial, ATR, card type or the user's username, and the total. */
export async function pageCards(
  db: DbOrTrx,
  tenantId: string,
  query: { userId?: string; status?: string; search?: string; sort: SmartcardSortKey; order: 'asc' | 'desc'; page: number; pageSize: number },
): Promise<{ rows: SmartcardRow[]; total: number }> {
  let base = db.selectFrom('smartcards').leftJoin('users', (join) => join.onRef('users.id', '=', 'smartcards.user_id').onRef('users.tenant_id', '=', 'smartcards.tenant_id')).where('smartcards.tenant_id', '=', tenantId);
  if (query.userId !== undefined) base = base.where('smartcards.user_id', '=', query.userId);
  if (query.status !== undefined) base = base.where('smartcards.status', '=', query.status);
  const search = query.search?.trim();
  if (search) {
    const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) => eb.or([eb('smartcards.serial_number', 'ilike', like), eb('smartcards.atr', 'ilike', like), eb('smartcards.card_type', 'ilike', like), eb('users.username', 'ilike', like)]));
  }
  const [rows, count] = await Promise.all([
    base
      .selectAll('smartcards')
      .orderBy(`smartcards.${SORT_COLUMN[query.sort]}`, query.order)
      .orderBy('smartcards.id')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
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

/** Deletes a card record (a cleaned card is reusable). */
export async function deleteCard(db: DbOrTrx, tenantId: string, id: string): Promise<void> {
  await db.deleteFrom('smartcards').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

/** The usernames of these users of the tenant, by id. */
export async function usernamesOf(db: DbOrTrx, tenantId: string, userIds: readonly string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'username']).where('tenant_id', '=', tenantId).where('id', 'in', [...new Set(userIds)]).execute();
  return new Map(rows.map((row) => [row.id, row.username]));
}
