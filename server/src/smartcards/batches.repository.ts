/** Queries of card batches (issue 16): every query names the tenant. */
import { sql } from 'kysely';
import type { DbOrTrx } from '../db/database';
import type { BatchCardState } from '@tessera/domain';
import type { SmartcardBatchCardRow, SmartcardBatchRow } from './batches.table';

export async function insertBatch(db: DbOrTrx, tenantId: string, createdBy: string | null, cards: { user_id: string; user_dn: string; card_template_id: string }[]): Promise<string> {
  const { id } = await db.insertInto('smartcard_batches').values({ tenant_id: tenantId, created_by: createdBy }).returning('id').executeTakeFirstOrThrow();
  await db
    .insertInto('smartcard_batch_cards')
    .values(cards.map((c, i) => ({ ...c, batch_id: id, tenant_id: tenantId, position: i + 1 })))
    .execute();
  return id;
}

export function findBatch(db: DbOrTrx, tenantId: string, id: string): Promise<SmartcardBatchRow | undefined> {
  return db.selectFrom('smartcard_batches').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

export function batchCards(db: DbOrTrx, tenantId: string, batchId: string): Promise<SmartcardBatchCardRow[]> {
  return db.selectFrom('smartcard_batch_cards').selectAll().where('tenant_id', '=', tenantId).where('batch_id', '=', batchId).orderBy('position').execute();
}

export async function startBatch(db: DbOrTrx, tenantId: string, id: string, values: { reader: string; print_only: boolean }, now: Date): Promise<void> {
  await db.updateTable('smartcard_batches').set({ ...values, started_at: now, updated_at: now }).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

export async function updateCard(
  db: DbOrTrx,
  tenantId: string,
  id: string,
  values: Partial<{ state: BatchCardState; card_id: string | null; card_serial: string | null; printed_card_id: string | null; error: string | null; deactivated_at: Date }>,
  now: Date,
): Promise<void> {
  await db.updateTable('smartcard_batch_cards').set({ ...values, updated_at: now }).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  if (values.state) {
    const row = await db.selectFrom('smartcard_batch_cards').select('batch_id').where('id', '=', id).executeTakeFirst();
    if (row) await db.updateTable('smartcard_batches').set({ updated_at: now }).where('id', '=', row.batch_id).execute();
  }
}

export function findPrintedCard(db: DbOrTrx, tenantId: string, printedCardId: string): Promise<SmartcardBatchCardRow | undefined> {
  return db.selectFrom('smartcard_batch_cards').selectAll().where('tenant_id', '=', tenantId).where('printed_card_id', '=', printedCardId).executeTakeFirst();
}

/** A batch with its cards counted by state. */
export interface BatchSummaryRow extends SmartcardBatchRow {
  total: number;
  done: number;
  failed: number;
}

/** One page of the tenant's batches, newest first, searched in the users' DNs (or a batch id), and the total. */
export async function listBatches(db: DbOrTrx, tenantId: string, query: { search?: string; page: number; pageSize: number }): Promise<{ rows: BatchSummaryRow[]; total: number }> {
  let base = db.selectFrom('smartcard_batches as b').where('b.tenant_id', '=', tenantId);
  const search = query.search?.trim();
  if (search) {
    const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) =>
      eb.or([
        eb(sql<string>`b.id::text`, 'ilike', like),
        eb.exists(eb.selectFrom('smartcard_batch_cards as c').select('c.id').whereRef('c.batch_id', '=', 'b.id').where('c.user_dn', 'ilike', like)),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    base
      .selectAll('b')
      .select((eb) => [
        eb.selectFrom('smartcard_batch_cards as c').whereRef('c.batch_id', '=', 'b.id').select((e) => e.fn.countAll<string>().as('n')).as('total'),
        eb.selectFrom('smartcard_batch_cards as c').whereRef('c.batch_id', '=', 'b.id').where('c.state', '=', 'done').select((e) => e.fn.countAll<string>().as('n')).as('done'),
        eb.selectFrom('smartcard_batch_cards as c').whereRef('c.batch_id', '=', 'b.id').where('c.state', '=', 'failed').select((e) => e.fn.countAll<string>().as('n')).as('failed'),
      ])
      .orderBy('b.created_at', 'desc')
      .orderBy('b.id')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((r) => ({ ...r, total: Number(r.total), done: Number(r.done), failed: Number(r.failed) })), total: Number(count.n) };
}
