/** Kysely queries of `tickets` and `ticket_messages`. Every query is scoped to a tenant. */
import { sql, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely';
import type { Database, DbOrTrx } from '../db/database';
import type { NewTicketRow, TicketMessageRow, TicketRow, TicketUpdate } from './tickets.table';

/** A ticket row with the creator's and the assignee's usernames. */
export type TicketWithNames = TicketRow & { creator_username: string; assignee_username: string | null };

/** A message row with the sender's username. */
export type MessageWithSender = TicketMessageRow & { sender_username: string };

type TicketEb = ExpressionBuilder<Database & { c: Database['users']; a: Database['users'] }, 'tickets' | 'c' | 'a'>;

/** A condition on the joined ticket query. */
export type TicketCondition = (eb: TicketEb) => Expression<SqlBool>;

function joined(db: DbOrTrx) {
  return db
    .selectFrom('tickets')
    .innerJoin('users as c', 'c.id', 'tickets.created_by')
    .leftJoin('users as a', 'a.id', 'tickets.assigned_to');
}

/** One ticket of the tenant with names. */
export async function findById(db: DbOrTrx, tenantId: string, id: string): Promise<TicketWithNames | undefined> {
  return joined(db)
    .selectAll('tickets')
    .select(['c.username as creator_username', 'a.username as assignee_username'])
    .where('tickets.tenant_id', '=', tenantId)
    .where('tickets.id', '=', id)
    .executeTakeFirst();
}

/** Locks one ticket row of the tenant for the transaction. */
export async function lockById(trx: DbOrTrx, tenantId: string, id: string): Promise<TicketRow | undefined> {
  return trx.selectFrom('tickets').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Locks tickets of the tenant by id (in id order, so two bulk updates cannot deadlock). */
export async function lockByIds(trx: DbOrTrx, tenantId: string, ids: readonly string[]): Promise<Pick<TicketRow, 'id' | 'status' | 'created_by' | 'assigned_to'>[]> {
  if (ids.length === 0) return [];
  return trx
    .selectFrom('tickets')
    .select(['id', 'status', 'created_by', 'assigned_to'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** Inserts a ticket. */
export async function insert(trx: DbOrTrx, row: NewTicketRow): Promise<TicketRow> {
  return trx.insertInto('tickets').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Updates a ticket of the tenant. */
export async function update(trx: DbOrTrx, tenantId: string, id: string, changes: TicketUpdate): Promise<void> {
  await trx.updateTable('tickets').set(changes).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

/** Sets the status of tickets of the tenant; closing stamps closed_at. Returns the number changed. */
export async function setStatus(trx: DbOrTrx, tenantId: string, ids: readonly string[], status: string, at: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await trx
    .updateTable('tickets')
    .set({ status, updated_at: at, ...(status === 'TICKET_STATUS_CLOSED' ? { closed_at: at } : {}) })
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Sort columns of the search. */
export const TICKET_SORT_COLUMNS = {
  updatedAt: 'tickets.updated_at',
  createdAt: 'tickets.created_at',
  title: 'tickets.title',
  category: 'tickets.category',
  ticketStatus: 'tickets.status',
  priority: 'tickets.priority',
} as const;

/** A page of the search. */
export async function search(
  db: DbOrTrx,
  tenantId: string,
  query: { conditions: TicketCondition[]; skip: number; take: number; sortField: keyof typeof TICKET_SORT_COLUMNS; sortDirection: 'asc' | 'desc' },
): Promise<{ total: number; rows: TicketWithNames[] }> {
  const base = joined(db)
    .where('tickets.tenant_id', '=', tenantId)
    .where((eb) => eb.and(query.conditions.map((c) => c(eb as unknown as TicketEb))));
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    base
      .selectAll('tickets')
      .select(['c.username as creator_username', 'a.username as assignee_username'])
      .orderBy(TICKET_SORT_COLUMNS[query.sortField], query.sortDirection)
      .orderBy('tickets.id', query.sortDirection)
      .offset(query.skip)
      .limit(query.take)
      .execute(),
  ]);
  return { total: Number(count.n), rows };
}

/** Ids (and statuses) of the tickets the conditions select, at most `limit`. */
export async function findIds(db: DbOrTrx, tenantId: string, conditions: TicketCondition[], limit: number): Promise<string[]> {
  const rows = await joined(db)
    .select('tickets.id')
    .where('tickets.tenant_id', '=', tenantId)
    .where((eb) => eb.and(conditions.map((c) => c(eb as unknown as TicketEb))))
    .orderBy('tickets.id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Messages of a ticket, oldest first; without internal ones unless asked. */
export async function messagesOf(db: DbOrTrx, tenantId: string, ticketId: string, includeInternal: boolean): Promise<MessageWithSender[]> {
  let q = db
    .selectFrom('ticket_messages')
    .innerJoin('users', 'users.id', 'ticket_messages.sender_id')
    .selectAll('ticket_messages')
    .select('users.username as sender_username')
    .where('ticket_messages.tenant_id', '=', tenantId)
    .where('ticket_messages.ticket_id', '=', ticketId);
  if (!includeInternal) q = q.where('ticket_messages.internal', '=', false);
  return q.orderBy('ticket_messages.created_at').orderBy('ticket_messages.id').execute();
}

/** One message of the tenant with its sender. */
export async function findMessage(db: DbOrTrx, tenantId: string, messageId: string): Promise<MessageWithSender | undefined> {
  return db
    .selectFrom('ticket_messages')
    .innerJoin('users', 'users.id', 'ticket_messages.sender_id')
    .selectAll('ticket_messages')
    .select('users.username as sender_username')
    .where('ticket_messages.tenant_id', '=', tenantId)
    .where('ticket_messages.id', '=', messageId)
    .executeTakeFirst();
}

/** Inserts a message. */
export async function insertMessage(
  trx: DbOrTrx,
  row: { tenant_id: string; ticket_id: string; sender_id: string; content: string; internal: boolean; created_at: Date; updated_at: Date },
): Promise<TicketMessageRow> {
  return trx.insertInto('ticket_messages').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Updates a message of the tenant. */
export async function updateMessage(trx: DbOrTrx, tenantId: string, id: string, changes: { content: string; internal: boolean; updated_at: Date }): Promise<void> {
  await trx.updateTable('ticket_messages').set(changes).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

/** Deletes a message of the tenant. */
export async function deleteMessage(trx: DbOrTrx, tenantId: string, id: string): Promise<void> {
  await trx.deleteFrom('ticket_messages').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

/** Messages by others on tickets the user created or is assigned to, at or after `since` (notifications; the client drops repeats). */
export async function newMessagesFor(
  db: DbOrTrx,
  tenantId: string,
  userId: string,
  since: Date,
  includeInternal: boolean,
): Promise<{ ticket_id: string; title: string; id: string; sender_username: string; created_at: Date }[]> {
  let q = db
    .selectFrom('ticket_messages as m')
    .innerJoin('tickets as t', 't.id', 'm.ticket_id')
    .innerJoin('users as s', 's.id', 'm.sender_id')
    .select(['m.ticket_id', 't.title', 'm.id', 's.username as sender_username', 'm.created_at'])
    .where('m.tenant_id', '=', tenantId)
    .where('m.created_at', '>=', since)
    .where('m.sender_id', '<>', userId)
    .where((eb) => eb.or([eb('t.created_by', '=', userId), eb('t.assigned_to', '=', userId)]));
  if (!includeInternal) q = q.where('m.internal', '=', false);
  return q.orderBy('m.created_at').limit(50).execute();
}

/** Figures of the tickets created in [from, to) for the metrics. */
export async function metricsFigures(
  db: DbOrTrx,
  tenantId: string,
  from: Date,
  to: Date,
): Promise<{ total: number; open: number; inProgress: number; closed: number; responded: number; avgFirstResponse: number | null; avgResolution: number | null }> {
  const row = await db
    .selectFrom('tickets')
    .select([
      sql<string>`count(*)`.as('total'),
      sql<string>`count(*) filter (where status in ('TICKET_STATUS_OPEN', 'TICKET_STATUS_REVIEWED', 'TICKET_STATUS_REOPENED'))`.as('open'),
      sql<string>`count(*) filter (where status = 'TICKET_STATUS_IN_PROGRESS')`.as('in_progress'),
      sql<string>`count(*) filter (where status = 'TICKET_STATUS_CLOSED')`.as('closed'),
      sql<string>`count(first_response_at)`.as('responded'),
      sql<string | null>`avg(extract(epoch from (first_response_at - created_at)))`.as('avg_first'),
      sql<string | null>`avg(extract(epoch from (closed_at - created_at))) filter (where status = 'TICKET_STATUS_CLOSED')`.as('avg_resolution'),
    ])
    .where('tenant_id', '=', tenantId)
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .executeTakeFirstOrThrow();
  const num = (v: string | null) => (v === null ? null : Number(v));
  return {
    total: Number(row.total),
    open: Number(row.open),
    inProgress: Number(row.in_progress),
    closed: Number(row.closed),
    responded: Number(row.responded),
    avgFirstResponse: num(row.avg_first),
    avgResolution: num(row.avg_resolution),
  };
}

/** Tickets created and closed per UTC day in [from, to). */
export async function dailyCounts(db: DbOrTrx, tenantId: string, from: Date, to: Date): Promise<{ created: Map<string, number>; closed: Map<string, number> }> {
  const day = (column: 'created_at' | 'closed_at') => sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD')`;
  const [created, closed] = await Promise.all([
    db
      .selectFrom('tickets')
      .select([day('created_at').as('day'), sql<string>`count(*)`.as('n')])
      .where('tenant_id', '=', tenantId)
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .groupBy(sql`1`)
      .execute(),
    db
      .selectFrom('tickets')
      .select([day('closed_at').as('day'), sql<string>`count(*)`.as('n')])
      .where('tenant_id', '=', tenantId)
      .where('status', '=', 'TICKET_STATUS_CLOSED')
      .where('closed_at', '>=', from)
      .where('closed_at', '<', to)
      .groupBy(sql`1`)
      .execute(),
  ]);
  return {
    created: new Map(created.map((r) => [r.day, Number(r.n)])),
    closed: new Map(closed.map((r) => [r.day, Number(r.n)])),
  };
}

/** Is this a user of the tenant? */
export async function userExists(db: DbOrTrx, tenantId: string, userId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('tenant_id', '=', tenantId).where('id', '=', userId).executeTakeFirst();
  return row !== undefined;
}
