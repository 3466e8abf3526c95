/** Queries of the suspensions list and the card report (issue 15; admin-console §2.2 suspensions and reports). */
import type { DbOrTrx } from '../db/database';
import type { SuspensionSortKey } from '@tessera/domain';

const SORT_COLUMN: Record<SuspensionSortKey, 'smartcards.suspended_at' | 'smartcards.serial_number' | 'users.username' | 'card_templates.name' | 'smartcards.suspended_by'> = {
  suspendedAt: 'smartcards.suspended_at',
  serialNumber: 'smartcards.serial_number',
  username: 'users.username',
  template: 'card_templates.name',
  suspendedBy: 'smartcards.suspended_by',
};

function cardsWithNames(db: DbOrTrx, tenantId: string) {
  return db
    .selectFrom('smartcards')
    .leftJoin('users', (join) => join.onRef('users.id', '=', 'smartcards.user_id').onRef('users.tenant_id', '=', 'smartcards.tenant_id'))
    .leftJoin('card_templates', (join) => join.onRef('card_templates.id', '=', 'smartcards.card_template_id').onRef('card_templates.tenant_id', '=', 'smartcards.tenant_id'))
    .where('smartcards.tenant_id', '=', tenantId);
}

/** One page of the tenant's suspended cards, searched by serial, username, template, reason or who suspended it, and the total. */
export async function pageSuspended(
  db: DbOrTrx,
  tenantId: string,
  query: { search?: string; sort: SuspensionSortKey; order: 'asc' | 'desc'; page: number; pageSize: number },
) {
  let base = cardsWithNames(db, tenantId).where('smartcards.status', '=', 'suspended');
  const search = query.search?.trim();
  if (search) {
    const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) =>
      eb.or([eb('smartcards.serial_number', 'ilike', like), eb('users.username', 'ilike', like), eb('card_templates.name', 'ilike', like), eb('smartcards.suspension_reason', 'ilike', like), eb('smartcards.suspended_by', 'ilike', like)]),
    );
  }
  const [rows, count] = await Promise.all([
    base
      .select(['smartcards.id', 'smartcards.serial_number', 'smartcards.user_id', 'users.username', 'smartcards.card_template_id', 'card_templates.name as template', 'smartcards.suspended_at', 'smartcards.suspended_by', 'smartcards.suspension_reason', 'smartcards.suspended_from'])
      .orderBy(SORT_COLUMN[query.sort], (ob) => (query.order === 'asc' ? ob.asc().nullsLast() : ob.desc().nullsLast()))
      .orderBy('smartcards.id')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The tenant's cards counted by status. */
export function countByStatus(db: DbOrTrx, tenantId: string) {
  return db.selectFrom('smartcards').where('tenant_id', '=', tenantId).select(['status', (eb) => eb.fn.countAll<string>().as('n')]).groupBy('status').orderBy('status').execute();
}

/** The tenant's cards counted by card template (null: no template). */
export function countByTemplate(db: DbOrTrx, tenantId: string) {
  return cardsWithNames(db, tenantId)
    .select(['smartcards.card_template_id', 'card_templates.name', (eb) => eb.fn.countAll<string>().as('n')])
    .groupBy(['smartcards.card_template_id', 'card_templates.name'])
    .orderBy('card_templates.name')
    .execute();
}

/** When the tenant's cards that were issued (issued, revoked, expired, or suspended from issued) were created, since `since`. */
export function issuedSince(db: DbOrTrx, tenantId: string, since: Date) {
  return db
    .selectFrom('smartcards')
    .where('tenant_id', '=', tenantId)
    .where((eb) => eb.or([eb('status', 'in', ['issued', 'revoked', 'expired']), eb.and([eb('status', '=', 'suspended'), eb('suspended_from', '=', 'issued')])]))
    .where('created_at', '>=', since)
    .select('created_at')
    .execute();
}

/** The tenant's cards that hold certificates, with the names the report shows. */
export function cardsWithCertificates(db: DbOrTrx, tenantId: string) {
  return cardsWithNames(db, tenantId)
    .where('smartcards.status', 'in', ['issued', 'assigned', 'suspended'])
    .select(['smartcards.id', 'smartcards.serial_number', 'smartcards.status', 'smartcards.certificates', 'users.username', 'card_templates.name as template'])
    .execute();
}
