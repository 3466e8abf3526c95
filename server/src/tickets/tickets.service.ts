/**
 * Ticket rules (admin-console §2.3, §3, §4, §5, §7): who may see and change which ticket, the
 * designed status transitions, internal messages, search, bulk close, assignment and metrics. Every
 * write runs in one transaction with its audit event (a failed audit rolls it back: 503).
 *
 * Staff are viewers holding `ticketEdit`: they see every ticket of the tenant and internal messages.
 * Other viewers see the tickets they created or are assigned to; another ticket answers 404 as an
 * unknown id does.
 */
import {
  MESSAGES,
  TICKET_STATUS_LABELS,
  canTransitionTicket,
  metricsPeriodDays,
  metricsWindows,
  round1,
  ticketTrends,
  type BulkUpdateTicketsRequest,
  type BulkUpdateTicketsResponse,
  type CreateTicketMessageRequest,
  type CreateTicketRequest,
  type SearchSupportTicketsRequest,
  type SearchSupportTicketsResponse,
  type Ticket,
  type TicketCategory,
  type TicketMessage,
  type TicketMetrics,
  type TicketMetricsPeriod,
  type TicketPriority,
  type TicketSearchFilter,
  type TicketStatus,
  type UpdateTicketMessageRequest,
  type UpdateTicketRequest,
  TICKET_CATEGORIES,
  TICKET_STATUSES,
  TICKET_PRIORITIES,
  TICKET_PAGE_SIZE,
  TICKET_DEFAULT_SORT,
} from '@tessera/domain';
import type { Db } from '../db/database';
import type { AuditWriter } from '../platform/audit';
import type { AuthContext } from '../platform/types';
import type { Actor } from '../identity/users.service';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../platform/errors';
import { UUID_PATTERN } from '../platform/schemas';
import * as repo from './tickets.repository';
import type { MessageWithSender, TicketCondition, TicketWithNames } from './tickets.repository';

/** What the ticket service needs. */
export interface TicketsDeps {
  db: Db;
  audit: AuditWriter;
  now: () => number;
}

/** The permission that makes a viewer staff for tickets. */
export const TICKET_STAFF_PERMISSION = 'ticketEdit';

/** Is the viewer staff (holds ticketEdit)? */
export function isStaff(auth: AuthContext): boolean {
  return auth.permissions?.has(TICKET_STAFF_PERMISSION) ?? false;
}

/** The API's view of a ticket row. */
export function toTicket(row: TicketWithNames): Ticket {
  return {
    ticketId: row.id,
    title: row.title,
    category: row.category as TicketCategory,
    description: row.description,
    ticketStatus: row.status as TicketStatus,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    assignedTo: row.assigned_to ?? '',
    assignedToUsername: row.assignee_username ?? '',
    priority: row.priority as TicketPriority,
    createdBy: row.created_by,
    userId: row.created_by,
    tenantId: row.tenant_id,
    username: row.creator_username,
  };
}

function toMessage(row: MessageWithSender): TicketMessage {
  return {
    messageId: row.id,
    ticketId: row.ticket_id,
    messageContent: row.content,
    sender: row.sender_username,
    senderId: row.sender_id,
    internalIndicator: row.internal,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

function canSee(auth: AuthContext, row: { created_by: string; assigned_to: string | null }): boolean {
  return isStaff(auth) || row.created_by === auth.userId || row.assigned_to === auth.userId;
}

/** A visible ticket with names. @throws NotFoundError */
async function visibleTicket(deps: TicketsDeps, auth: AuthContext, ticketId: string): Promise<TicketWithNames> {
  const row = await repo.findById(deps.db, auth.tenantId, ticketId);
  if (!row || !canSee(auth, row)) throw new NotFoundError('The ticket');
  return row;
}

/** `GET Ticket?ticketId`. */
export async function getTicket(deps: TicketsDeps, auth: AuthContext, ticketId: string): Promise<Ticket> {
  return toTicket(await visibleTicket(deps, auth, ticketId));
}

/** `POST Ticket`: a new open ticket by the viewer; audited `ticket.create`. */
export async function createTicket(deps: TicketsDeps, auth: AuthContext, actor: Actor, body: CreateTicketRequest): Promise<{ ticketId: string }> {
  const title = body.title.trim();
  const description = body.description.trim();
  if (title === '') throw new ValidationError('title', 'must not be blank');
  if (description === '') throw new ValidationError('description', 'must not be blank');
  const at = new Date(deps.now());
  return deps.db.transaction().execute(async (trx) => {
    const row = await repo.insert(trx, {
      tenant_id: auth.tenantId,
      title,
      category: body.category,
      description,
      priority: body.priority ?? 'Medium',
      created_by: auth.userId,
      assigned_to: null,
      first_response_at: null,
      closed_at: null,
      created_at: at,
      updated_at: at,
    });
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'ticket.create', targetType: 'ticket', targetId: row.id, detail: { category: body.category } });
    return { ticketId: row.id };
  });
}

function transitionError(from: TicketStatus, to: TicketStatus): ConflictError {
  return new ConflictError('ticketStatus', `ticketStatus cannot change from ${TICKET_STATUS_LABELS[from]} to ${TICKET_STATUS_LABELS[to]}`);
}

/**
 * `PUT Ticket` (staff): title, category, description, status and priority. The status change must be
 * allowed (domain TICKET_TRANSITIONS, else 409); an edit that changes nothing answers 400 'No changes
 * were made to the support ticket.' (admin-console §5) and writes nothing. Audited `ticket.update`.
 */
export async function updateTicket(deps: TicketsDeps, auth: AuthContext, actor: Actor, body: UpdateTicketRequest): Promise<Ticket> {
  const title = body.title.trim();
  const description = body.description.trim();
  if (title === '') throw new ValidationError('title', 'must not be blank');
  if (description === '') throw new ValidationError('description', 'must not be blank');
  const at = new Date(deps.now());
  await deps.db.transaction().execute(async (trx) => {
    const row = await repo.lockById(trx, auth.tenantId, body.ticketId);
    if (!row || !canSee(auth, row)) throw new NotFoundError('The ticket');
    const from = row.status as TicketStatus;
    if (!canTransitionTicket(from, body.ticketStatus)) throw transitionError(from, body.ticketStatus);
    const priority = body.priority ?? (row.priority as TicketPriority);
    const changed = (
      [
        ['title', row.title, title],
        ['category', row.category, body.category],
        ['description', row.description, description],
        ['ticketStatus', row.status, body.ticketStatus],
        ['priority', row.priority, priority],
      ] as const
    )
      .filter(([, before, after]) => before !== after)
      .map(([name]) => name);
    if (changed.length === 0) throw new ValidationError('ticketId', MESSAGES.TICKET_NO_CHANGES, { exact: true });
    await repo.update(trx, auth.tenantId, row.id, {
      title,
      category: body.category,
      description,
      status: body.ticketStatus,
      priority,
      updated_at: at,
      ...(body.ticketStatus === 'TICKET_STATUS_CLOSED' && from !== 'TICKET_STATUS_CLOSED' ? { closed_at: at } : {}),
    });
    await deps.audit.write(trx, {
      ...actor,
      tenantId: auth.tenantId,
      action: 'ticket.update',
      targetType: 'ticket',
      targetId: row.id,
      detail: { changed, ...(from !== body.ticketStatus ? { from, to: body.ticketStatus } : {}) },
    });
  });
  return getTicket(deps, auth, body.ticketId);
}

/**
 * `PATCH Ticket` (staff): sets the status of many tickets at once (bulk close). All or nothing: an
 * unknown or other tenant's id answers 404, a transition that is not allowed 409, and nothing changes.
 * Tickets already in the status are left alone (counted as unchanged). One audit event per call.
 */
export async function bulkUpdateTickets(deps: TicketsDeps, auth: AuthContext, actor: Actor, body: BulkUpdateTicketsRequest): Promise<BulkUpdateTicketsResponse> {
  const to = body.fieldsToUpdate.ticketStatus;
  const at = new Date(deps.now());
  return deps.db.transaction().execute(async (trx) => {
    const rows = await repo.lockByIds(trx, auth.tenantId, body.ticketIds);
    if (rows.length !== body.ticketIds.length) throw new NotFoundError('A ticket');
    const bad = rows.find((r) => !canTransitionTicket(r.status as TicketStatus, to));
    if (bad) throw transitionError(bad.status as TicketStatus, to);
    const changing = rows.filter((r) => r.status !== to).map((r) => r.id);
    const updated = await repo.setStatus(trx, auth.tenantId, changing, to, at);
    await deps.audit.write(trx, {
      ...actor,
      tenantId: auth.tenantId,
      action: 'ticket.bulkUpdate',
      targetType: 'ticket',
      detail: { ticketStatus: to, ticketIds: changing, unchanged: rows.length - changing.length },
    });
    return { updated, unchanged: rows.length - updated };
  });
}

/** `PATCH AssignTicketToUser` (staff): assign to a user of the tenant, or unassign with ''. Audited. */
export async function assignTicket(deps: TicketsDeps, auth: AuthContext, actor: Actor, body: { ticketId: string; userId: string }): Promise<Ticket> {
  const at = new Date(deps.now());
  await deps.db.transaction().execute(async (trx) => {
    const row = await repo.lockById(trx, auth.tenantId, body.ticketId);
    if (!row) throw new NotFoundError('The ticket');
    const assignee = body.userId === '' ? null : body.userId;
    if (assignee !== null && !(await repo.userExists(trx, auth.tenantId, assignee))) throw new ValidationError('userId', 'is not a user of this tenant');
    await repo.update(trx, auth.tenantId, row.id, { assigned_to: assignee, updated_at: at });
    await deps.audit.write(trx, {
      ...actor,
      tenantId: auth.tenantId,
      action: assignee === null ? 'ticket.unassign' : 'ticket.assign',
      targetType: 'ticket',
      targetId: row.id,
      detail: { from: row.assigned_to, to: assignee },
    });
  });
  return getTicket(deps, auth, body.ticketId);
}

/** `GET SearchTicketMessages?ticketId`: oldest first; internal ones only for staff. */
export async function listMessages(deps: TicketsDeps, auth: AuthContext, ticketId: string): Promise<{ ticketMessages: TicketMessage[] }> {
  await visibleTicket(deps, auth, ticketId);
  const rows = await repo.messagesOf(deps.db, auth.tenantId, ticketId, isStaff(auth));
  return { ticketMessages: rows.map(toMessage) };
}

function messageText(raw: string): string {
  const text = raw.trim();
  if (text === '') throw new ValidationError('messageContent', 'must not be blank');
  return text;
}

/**
 * `POST TicketMessage`: the sender is the session's user (the payload's `sender` is ignored). Only
 * staff may write internal messages (403). A reply that is not internal, by someone other than the
 * creator, stamps the ticket's first response (metrics). Audited `ticket.message.create`.
 */
export async function createMessage(deps: TicketsDeps, auth: AuthContext, actor: Actor, body: CreateTicketMessageRequest): Promise<TicketMessage> {
  const content = messageText(body.messageContent);
  const internal = body.internalIndicator ?? false;
  if (internal && !isStaff(auth)) throw new ForbiddenError('Only staff can write internal messages');
  const at = new Date(deps.now());
  const ticketId = body.ticketId.ticketId;
  const id = await deps.db.transaction().execute(async (trx) => {
    const ticket = await repo.lockById(trx, auth.tenantId, ticketId);
    if (!ticket || !canSee(auth, ticket)) throw new NotFoundError('The ticket');
    const row = await repo.insertMessage(trx, { tenant_id: auth.tenantId, ticket_id: ticketId, sender_id: auth.userId, content, internal, created_at: at, updated_at: at });
    const firstResponse = !internal && ticket.first_response_at === null && auth.userId !== ticket.created_by;
    await repo.update(trx, auth.tenantId, ticketId, { updated_at: at, ...(firstResponse ? { first_response_at: at } : {}) });
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'ticket.message.create', targetType: 'ticket', targetId: ticketId, detail: { messageId: row.id, internal } });
    return row.id;
  });
  const created = await repo.findMessage(deps.db, auth.tenantId, id);
  if (!created) throw new NotFoundError('The message');
  return toMessage(created);
}

/** A message the viewer can see, on a ticket they can see. @throws NotFoundError */
async function visibleMessage(deps: TicketsDeps, auth: AuthContext, messageId: string): Promise<MessageWithSender> {
  const message = await repo.findMessage(deps.db, auth.tenantId, messageId);
  if (!message || (message.internal && !isStaff(auth))) throw new NotFoundError('The message');
  await visibleTicket(deps, auth, message.ticket_id);
  return message;
}

/** `PUT TicketMessage`: only its sender may change a message; only staff may make it internal. Audited. */
export async function updateMessage(deps: TicketsDeps, auth: AuthContext, actor: Actor, body: UpdateTicketMessageRequest): Promise<TicketMessage> {
  const content = messageText(body.messageContent);
  const message = await visibleMessage(deps, auth, body.messageId);
  if (message.ticket_id !== body.ticketId.ticketId) throw new ValidationError('ticketId.ticketId', 'is not the ticket of this message');
  if (message.sender_id !== auth.userId) throw new ForbiddenError('Only the sender can change a message');
  const internal = body.internalIndicator ?? message.internal;
  if (internal && !isStaff(auth)) throw new ForbiddenError('Only staff can write internal messages');
  const at = new Date(deps.now());
  await deps.db.transaction().execute(async (trx) => {
    await repo.updateMessage(trx, auth.tenantId, message.id, { content, internal, updated_at: at });
    await repo.update(trx, auth.tenantId, message.ticket_id, { updated_at: at });
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'ticket.message.update', targetType: 'ticket', targetId: message.ticket_id, detail: { messageId: message.id } });
  });
  const updated = await repo.findMessage(deps.db, auth.tenantId, message.id);
  if (!updated) throw new NotFoundError('The message');
  return toMessage(updated);
}

/** `DELETE TicketMessage`: its sender or staff. Audited. */
export async function deleteMessage(deps: TicketsDeps, auth: AuthContext, actor: Actor, messageId: string): Promise<void> {
  const message = await visibleMessage(deps, auth, messageId);
  if (message.sender_id !== auth.userId && !isStaff(auth)) throw new ForbiddenError('Only the sender or staff can delete a message');
  const at = new Date(deps.now());
  await deps.db.transaction().execute(async (trx) => {
    await repo.deleteMessage(trx, auth.tenantId, message.id);
    await repo.update(trx, auth.tenantId, message.ticket_id, { updated_at: at });
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'ticket.message.delete', targetType: 'ticket', targetId: message.ticket_id, detail: { messageId: message.id } });
  });
}

const uuidRe = new RegExp(UUID_PATTERN);

function values(filter: TicketSearchFilter): string[] {
  return Array.isArray(filter.value) ? filter.value : [filter.value];
}

function checkAll(field: string, list: string[], allowed: readonly string[]): void {
  const wrong = list.find((v) => !allowed.includes(v));
  if (wrong !== undefined) throw new ValidationError(field, `must be one of: ${allowed.join(', ')}`);
}

const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Turns `search_groups` into conditions (all combined with AND). @throws ValidationError naming `search_groups.N.value` */
export function searchConditions(filters: readonly TicketSearchFilter[]): TicketCondition[] {
  return filters.map((filter, index): TicketCondition => {
    const field = `search_groups.${index}.value`;
    const list = values(filter);
    const textual = filter.field === 'title' || filter.field === 'description' || filter.field === 'text' || filter.field === 'username';
    const operator = filter.operator ?? (textual && filter.field !== 'username' ? 'contains' : list.length > 1 ? 'in' : 'eq');
    const one = list[0] as string;
    if (operator !== 'in' && list.length !== 1) throw new ValidationError(field, `must be one value for the operator ${operator}`);
    switch (filter.field) {
      case 'title':
      case 'description':
      case 'text': {
        if (operator !== 'contains' && operator !== 'eq') throw new ValidationError(`search_groups.${index}.operator`, 'must be contains or eq');
        const columns = filter.field === 'text' ? (['tickets.title', 'tickets.description'] as const) : ([`tickets.${filter.field}`] as const);
        // lower(column) LIKE lower(pattern): the matches of ILIKE, faster on a scan, and the migration's
        // expression statistics let the planner walk the updatedAt index for the page.
        return (eb) =>
          eb.or(columns.map((col) => (operator === 'eq' ? eb(col, '=', one) : eb(eb.fn('lower', [col]), 'like', likeOf(one.toLowerCase())))));
      }
      case 'username': {
        if (operator === 'before' || operator === 'after') throw new ValidationError(`search_groups.${index}.operator`, 'must be eq, in or contains');
        if (operator === 'contains') return (eb) => eb(eb.fn('lower', ['c.username']), 'like', likeOf(one.toLowerCase()));
        return (eb) => eb('c.username', 'in', list);
      }
      case 'category':
      case 'ticketStatus':
      case 'priority': {
        const allowed = filter.field === 'category' ? TICKET_CATEGORIES : filter.field === 'ticketStatus' ? TICKET_STATUSES : TICKET_PRIORITIES;
        checkAll(field, list, allowed);
        if (operator !== 'eq' && operator !== 'in') throw new ValidationError(`search_groups.${index}.operator`, 'must be eq or in');
        const column = filter.field === 'ticketStatus' ? 'tickets.status' : (`tickets.${filter.field}` as const);
        return (eb) => eb(column, 'in', list);
      }
      case 'assignedTo':
      case 'createdBy': {
        if (operator !== 'eq' && operator !== 'in') throw new ValidationError(`search_groups.${index}.operator`, 'must be eq or in');
        const column = filter.field === 'assignedTo' ? 'tickets.assigned_to' : 'tickets.created_by';
        const ids = list.filter((v) => v !== '');
        if (ids.some((v) => !uuidRe.test(v))) throw new ValidationError(field, 'must be user ids');
        const unassigned = filter.field === 'assignedTo' && ids.length < list.length;
        return (eb) =>
          eb.or([...(ids.length > 0 ? [eb(column, 'in', ids)] : []), ...(unassigned ? [eb(column, 'is', null)] : []), ...(ids.length === 0 && !unassigned ? [eb.val(false)] : [])]);
      }
      case 'createdAt':
      case 'updatedAt': {
        if (operator !== 'before' && operator !== 'after') throw new ValidationError(`search_groups.${index}.operator`, 'must be before or after');
        const at = Date.parse(one);
        if (Number.isNaN(at)) throw new ValidationError(field, 'must be a date');
        const column = filter.field === 'createdAt' ? 'tickets.created_at' : 'tickets.updated_at';
        return (eb) => eb(column, operator === 'before' ? '<' : '>=', new Date(at));
      }
    }
  });
}

/** The viewer-scope condition: staff see all; others their own and assigned tickets. */
function scopeConditions(auth: AuthContext): TicketCondition[] {
  if (isStaff(auth)) return [];
  return [(eb) => eb.or([eb('tickets.created_by', '=', auth.userId), eb('tickets.assigned_to', '=', auth.userId)])];
}

/** `POST SearchSupportTickets`: filters, paging and sorting on the server (defaults: 10, updatedAt desc). */
export async function searchTickets(deps: TicketsDeps, auth: AuthContext, body: SearchSupportTicketsRequest): Promise<SearchSupportTicketsResponse> {
  const conditions = [...scopeConditions(auth), ...searchConditions(body.search_groups ?? [])];
  const { total, rows } = await repo.search(deps.db, auth.tenantId, {
    conditions,
    skip: body.skip ?? 0,
    take: body.take ?? TICKET_PAGE_SIZE,
    sortField: body.sort_field ?? TICKET_DEFAULT_SORT.field,
    sortDirection: body.sort_direction ?? TICKET_DEFAULT_SORT.direction,
  });
  return { totalResults: total, results: rows.map(toTicket) };
}

/** `GET SupportTicketMetrics?period`: figures of the period and their change against the previous one. */
export async function metrics(deps: TicketsDeps, auth: AuthContext, period: TicketMetricsPeriod): Promise<TicketMetrics> {
  const now = deps.now();
  const w = metricsWindows(period, now);
  const [current, previous, daily] = await Promise.all([
    repo.metricsFigures(deps.db, auth.tenantId, new Date(w.from), new Date(w.to)),
    repo.metricsFigures(deps.db, auth.tenantId, new Date(w.previousFrom), new Date(w.from)),
    repo.dailyCounts(deps.db, auth.tenantId, new Date(w.from), new Date(w.to + 1)),
  ]);
  const rate = (f: typeof current) => (f.total === 0 ? null : round1((f.responded / f.total) * 100));
  const cur = { responseRate: rate(current), avgResolutionTime: current.avgResolution === null ? null : Math.round(current.avgResolution) };
  const prev = { responseRate: rate(previous), avgResolutionTime: previous.avgResolution === null ? null : Math.round(previous.avgResolution) };
  const series = [];
  const days = metricsPeriodDays(period);
  for (let i = days - 1; i >= 0; i--) {
    const date = new Date(now - i * 86_400_000).toISOString().slice(0, 10);
    series.push({ date, created: daily.created.get(date) ?? 0, closed: daily.closed.get(date) ?? 0 });
  }
  return {
    period,
    from: new Date(w.from).toISOString(),
    to: new Date(w.to).toISOString(),
    ticketCounts: { open: current.open, inProgress: current.inProgress, closed: current.closed },
    timeMetrics: {
      avgFirstResponseTime: current.avgFirstResponse === null ? null : Math.round(current.avgFirstResponse),
      responseRate: cur.responseRate,
      avgResolutionTime: cur.avgResolutionTime,
    },
    trends: ticketTrends(cur, prev),
    series,
  };
}

/** `GET TicketNotifications?since`: new messages by others on the viewer's own and assigned tickets (designed; polled by the console). */
export async function notifications(
  deps: TicketsDeps,
  auth: AuthContext,
  since: string,
): Promise<{ now: string; messages: { ticketId: string; title: string; messageId: string; sender: string; createdAt: string }[] }> {
  const at = Date.parse(since);
  if (Number.isNaN(at)) throw new ValidationError('since', 'must be a date');
  const now = new Date(deps.now()).toISOString();
  const rows = await repo.newMessagesFor(deps.db, auth.tenantId, auth.userId, new Date(at), isStaff(auth));
  return {
    now,
    messages: rows.map((r) => ({ ticketId: r.ticket_id, title: r.title, messageId: r.id, sender: r.sender_username, createdAt: r.created_at.toISOString() })),
  };
}
