/** Queries of the card stock (issue 15 "Beyond the spec: card stock"): every query names the tenant. */
import type { Updateable } from 'kysely';
import type { StockSortKey, StockState } from '@tessera/domain';
import type { DbOrTrx, Trx } from '../db/database';
import type { SmartcardStockRow, SmartcardStockTable } from './stock.table';

/** Rows per INSERT of a received file (PostgreSQL takes at most 65535 parameters in one statement). */
const INSERT_CHUNK = 1000;

const SORT_COLUMN: Record<StockSortKey, 'serial' | 'card_type' | 'batch' | 'state' | 'received_at' | 'moved_at'> = {
  serial: 'serial', cardType: 'card_type', batch: 'batch', state: 'state', receivedAt: 'received_at', movedAt: 'moved_at',
};

/** The stock rows of these serials (normalised). */
export async function findBySerials(db: DbOrTrx, tenantId: string, serials: readonly string[]): Promise<SmartcardStockRow[]> {
  const out: SmartcardStockRow[] = [];
  for (let i = 0; i < serials.length; i += INSERT_CHUNK) {
    const chunk = serials.slice(i, i + INSERT_CHUNK);
    if (chunk.length) out.push(...(await db.selectFrom('smartcard_stock').selectAll().where('tenant_id', '=', tenantId).where('serial', 'in', chunk).execute()));
  }
  return out;
}

/** The stock row of a serial (normalised); `lock` takes it FOR UPDATE (moves on one card take turns). */
export function findBySerial(db: DbOrTrx, tenantId: string, serial: string, options: { lock?: boolean } = {}): Promise<SmartcardStockRow | undefined> {
  let q = db.selectFrom('smartcard_stock').selectAll().where('tenant_id', '=', tenantId).where('serial', '=', serial);
  if (options.lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** Adds received cards (all in the caller's transaction). */
export async function insertItems(trx: Trx, tenantId: string, by: string, items: readonly { serial: string; cardType: string; batch: string | null }[], at: Date): Promise<void> {
  for (let i = 0; i < items.length; i += INSERT_CHUNK) {
    await trx
      .insertInto('smartcard_stock')
      .values(items.slice(i, i + INSERT_CHUNK).map((r) => ({ tenant_id: tenantId, serial: r.serial, card_type: r.cardType, batch: r.batch, state: 'received' as const, received_by: by, received_at: at, moved_by: by, moved_at: at })))
      .execute();
  }
}

/** Changes a stock row. */
export async function updateItem(db: DbOrTrx, tenantId: string, id: string, values: Updateable<SmartcardStockTable>): Promise<SmartcardStockRow> {
  return db.updateTable('smartcard_stock').set(values).where('tenant_id', '=', tenantId).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** One page of the stock, filtered, searched (serial, card type, batch) and sorted, and the total. */
export async function pageItems(
  db: DbOrTrx,
  tenantId: string,
  query: { search?: string; state?: StockState; cardType?: string; sort: StockSortKey; order: 'asc' | 'desc'; page: number; pageSize: number },
): Promise<{ rows: SmartcardStockRow[]; total: number }> {
  let base = db.selectFrom('smartcard_stock').where('tenant_id', '=', tenantId);
  if (query.state !== undefined) base = base.where('state', '=', query.state);
  if (query.cardType !== undefined) base = base.where('card_type', '=', query.cardType);
  const search = query.search?.trim();
  if (search) {
    const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) => eb.or([eb('serial', 'ilike', like), eb('card_type', 'ilike', like), eb('batch', 'ilike', like)]));
  }
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy(SORT_COLUMN[query.sort], query.order).orderBy('id').limit(query.pageSize).offset((query.page - 1) * query.pageSize).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The number of cards per card type and state. */
export async function countByTypeAndState(db: DbOrTrx, tenantId: string): Promise<{ cardType: string; state: StockState; n: number }[]> {
  const rows = await db
    .selectFrom('smartcard_stock')
    .select((eb) => ['card_type', 'state', eb.fn.countAll<string>().as('n')])
    .where('tenant_id', '=', tenantId)
    .groupBy(['card_type', 'state'])
    .execute();
  return rows.map((r) => ({ cardType: r.card_type, state: r.state, n: Number(r.n) }));
}

/** The thresholds the tenant set, by card type. */
export async function thresholds(db: DbOrTrx, tenantId: string): Promise<Map<string, number>> {
  const rows = await db.selectFrom('smartcard_stock_thresholds').select(['card_type', 'threshold']).where('tenant_id', '=', tenantId).execute();
  return new Map(rows.map((r) => [r.card_type, r.threshold]));
}

/** Sets the threshold of a card type. */
export async function setThreshold(db: DbOrTrx, tenantId: string, cardType: string, threshold: number, at: Date): Promise<void> {
  await db
    .insertInto('smartcard_stock_thresholds')
    .values({ tenant_id: tenantId, card_type: cardType, threshold, updated_at: at })
    .onConflict((oc) => oc.columns(['tenant_id', 'card_type']).doUpdateSet({ threshold, updated_at: at }))
    .execute();
}

/** The tenant's "require stock" setting (false when never set). */
export async function requireStock(db: DbOrTrx, tenantId: string): Promise<boolean> {
  const row = await db.selectFrom('smartcard_stock_settings').select('require_stock').where('tenant_id', '=', tenantId).executeTakeFirst();
  return row?.require_stock ?? false;
}

/** Sets the tenant's "require stock" setting. */
export async function setRequireStock(db: DbOrTrx, tenantId: string, value: boolean, at: Date): Promise<void> {
  await db
    .insertInto('smartcard_stock_settings')
    .values({ tenant_id: tenantId, require_stock: value, updated_at: at })
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ require_stock: value, updated_at: at }))
    .execute();
}

/** The card of a type (or any) that has been available longest: in stock first, then received; oldest received first. */
export function oldestAvailable(db: DbOrTrx, tenantId: string, cardType?: string): Promise<SmartcardStockRow | undefined> {
  let q = db.selectFrom('smartcard_stock').selectAll().where('tenant_id', '=', tenantId).where('state', 'in', ['in_stock', 'received']);
  if (cardType !== undefined) q = q.where('card_type', '=', cardType);
  return q.orderBy('state', 'asc').orderBy('received_at', 'asc').orderBy('serial', 'asc').limit(1).executeTakeFirst();
}
