/**
 * Support tickets (admin-console §3 "Ticket", "Ticket message", "Ticket metrics"; §4 "Ticket statuses";
 * §7 Monitoring-v1 tickets table; §9). Types of the wire contract and the pure rules: categories,
 * status labels, the designed transition rules, and the metrics period arithmetic.
 */

/** Ticket categories (admin-console §3). */
export const TICKET_CATEGORIES = ['General', 'Bug', 'Feature', 'Other'] as const;
/** A ticket category. */
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];

/** Ticket statuses (admin-console §4). */
export const TICKET_STATUSES = [
  'TICKET_STATUS_OPEN',
  'TICKET_STATUS_REVIEWED',
  'TICKET_STATUS_IN_PROGRESS',
  'TICKET_STATUS_CLOSED',
  'TICKET_STATUS_REOPENED',
] as const;
/** A ticket status. */
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** Labels of the statuses (admin-console §4). */
export const TICKET_STATUS_LABELS: Readonly<Record<TicketStatus, string>> = Object.freeze({
  TICKET_STATUS_OPEN: 'Open',
  TICKET_STATUS_REVIEWED: 'Reviewed',
  TICKET_STATUS_IN_PROGRESS: 'In Progress',
  TICKET_STATUS_CLOSED: 'Closed',
  TICKET_STATUS_REOPENED: 'Reopened',
});

/** Ticket priorities (admin-console §3 names the field; the values are designed). */
export const TICKET_PRIORITIES = ['Low', 'Medium', 'High'] as const;
/** A ticket priority. */
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];

/**
 * Allowed status changes (designed; admin-console §4 says "Transition rules: not shown"). OPEN is only
 * the initial status: nothing returns to it. A closed ticket can only be reopened. Every status that
 * is not closed can be closed (that is what bulk close relies on). Keeping the same status is allowed.
 */
export const TICKET_TRANSITIONS: Readonly<Record<TicketStatus, readonly TicketStatus[]>> = Object.freeze({
  TICKET_STATUS_OPEN: ['TICKET_STATUS_REVIEWED', 'TICKET_STATUS_IN_PROGRESS', 'TICKET_STATUS_CLOSED'],
  TICKET_STATUS_REVIEWED: ['TICKET_STATUS_IN_PROGRESS', 'TICKET_STATUS_CLOSED'],
  TICKET_STATUS_IN_PROGRESS: ['TICKET_STATUS_REVIEWED', 'TICKET_STATUS_CLOSED'],
  TICKET_STATUS_CLOSED: ['TICKET_STATUS_REOPENED'],
  TICKET_STATUS_REOPENED: ['TICKET_STATUS_REVIEWED', 'TICKET_STATUS_IN_PROGRESS', 'TICKET_STATUS_CLOSED'],
});

/** May a ticket go from `from` to `to`? Staying in the same status is always allowed. */
export function canTransitionTicket(from: TicketStatus, to: TicketStatus): boolean {
  return from === to || TICKET_TRANSITIONS[from].includes(to);
}

/** The statuses a ticket in `from` may be set to, itself first (for the edit screen's choice). */
export function nextTicketStatuses(from: TicketStatus): TicketStatus[] {
  return [from, ...TICKET_TRANSITIONS[from]];
}

/** A ticket as the API answers it (admin-console §3). */
export interface Ticket {
  ticketId: string;
  title: string;
  category: TicketCategory;
  description: string;
  ticketStatus: TicketStatus;
  createdAt: string;
  updatedAt: string;
  /** User id of the assignee, or '' when unassigned (admin-console §6: "unassignment uses an empty user id"). */
  assignedTo: string;
  /** Username of the assignee, or ''. */
  assignedToUsername: string;
  priority: TicketPriority;
  /** User id of the creator. */
  createdBy: string;
  /** User id of the creator (same as createdBy; the spec lists both). */
  userId: string;
  tenantId: string;
  /** Username of the creator. */
  username: string;
}

/** `POST /api2/Monitoring-v1/Ticket`. */
export interface CreateTicketRequest {
  title: string;
  category: TicketCategory;
  description: string;
  priority?: TicketPriority;
}

/** Answer of `POST /api2/Monitoring-v1/Ticket`. */
export interface CreateTicketResponse {
  ticketId: string;
}

/** `PUT /api2/Monitoring-v1/Ticket`. */
export interface UpdateTicketRequest {
  ticketId: string;
  title: string;
  category: TicketCategory;
  description: string;
  ticketStatus: TicketStatus;
  priority?: TicketPriority;
}

/** `PATCH /api2/Monitoring-v1/Ticket` (bulk status change, e.g. bulk close). */
export interface BulkUpdateTicketsRequest {
  ticketIds: string[];
  fieldsToUpdate: { ticketStatus: TicketStatus };
}

/** Answer of the bulk update: how many changed, how many were already in that status. */
export interface BulkUpdateTicketsResponse {
  updated: number;
  unchanged: number;
}

/** `PATCH /api2/Monitoring-v1/AssignTicketToUser`; userId '' unassigns. */
export interface AssignTicketRequest {
  ticketId: string;
  userId: string;
}

/** A ticket message (admin-console §3). */
export interface TicketMessage {
  messageId: string;
  ticketId: string;
  messageContent: string;
  /** Username of the sender (set by the server from the session). */
  sender: string;
  senderId: string;
  internalIndicator: boolean;
  createdAt: string;
  updatedAt: string;
}

/** `POST /api2/Monitoring-v1/TicketMessage` (admin-console §7: ticketId{ticketId}). */
export interface CreateTicketMessageRequest {
  ticketId: { ticketId: string };
  messageContent: string;
  /** Ignored by the server (the sender is the session's user); accepted for the spec's payload. */
  sender?: string;
  internalIndicator?: boolean;
}

/** `PUT /api2/Monitoring-v1/TicketMessage`. */
export interface UpdateTicketMessageRequest extends CreateTicketMessageRequest {
  messageId: string;
}

/** Answer of `GET /api2/Monitoring-v1/SearchTicketMessages?ticketId`. */
export interface TicketMessagesResponse {
  ticketMessages: TicketMessage[];
}

/** Fields a search filter can name. `text` matches title or description. */
export const TICKET_SEARCH_FIELDS = ['title', 'description', 'text', 'category', 'ticketStatus', 'priority', 'assignedTo', 'createdBy', 'username', 'createdAt', 'updatedAt'] as const;
/** A searchable field. */
export type TicketSearchField = (typeof TICKET_SEARCH_FIELDS)[number];
/** Filter operators: equality, one of, substring (case-insensitive), before/after an instant. */
export const TICKET_SEARCH_OPERATORS = ['eq', 'in', 'contains', 'before', 'after'] as const;
/** A filter operator. */
export type TicketSearchOperator = (typeof TICKET_SEARCH_OPERATORS)[number];

/** One filter of `search_groups`; all filters are combined with AND. */
export interface TicketSearchFilter {
  field: TicketSearchField;
  /** @default 'eq' ('contains' for title, description, text) */
  operator?: TicketSearchOperator;
  value: string | string[];
}

/** Sortable fields of the ticket search. */
export const TICKET_SORT_FIELDS = ['updatedAt', 'createdAt', 'title', 'category', 'ticketStatus', 'priority'] as const;
/** A sortable field. */
export type TicketSortField = (typeof TICKET_SORT_FIELDS)[number];

/** `POST /api2/Monitoring-v1/SearchSupportTickets` (defaults: skip 0, take 10, updatedAt desc; admin-console §9). */
export interface SearchSupportTicketsRequest {
  search_groups?: TicketSearchFilter[];
  skip?: number;
  take?: number;
  sort_field?: TicketSortField;
  sort_direction?: 'asc' | 'desc';
}

/** Answer of the search. */
export interface SearchSupportTicketsResponse {
  totalResults: number;
  results: Ticket[];
}

/** Metrics periods (designed). */
export const TICKET_METRICS_PERIODS = ['7d', '30d', '90d', '365d'] as const;
/** A metrics period. */
export type TicketMetricsPeriod = (typeof TICKET_METRICS_PERIODS)[number];

/** Days of a metrics period. */
export function metricsPeriodDays(period: TicketMetricsPeriod): number {
  return Number(period.slice(0, -1));
}

/** The current and previous windows of a period ending at `now` (ms): [from, to) and [previousFrom, from). */
export function metricsWindows(period: TicketMetricsPeriod, now: number): { from: number; to: number; previousFrom: number } {
  const span = metricsPeriodDays(period) * 86_400_000;
  return { from: now - span, to: now, previousFrom: now - 2 * span };
}

/** One day of the metrics series. */
export interface TicketMetricsPoint {
  /** Day (UTC), YYYY-MM-DD. */
  date: string;
  created: number;
  closed: number;
}

/** `GET /api2/Monitoring-v1/SupportTicketMetrics?period` (admin-console §3 "Ticket metrics"). */
export interface TicketMetrics {
  period: TicketMetricsPeriod;
  from: string;
  to: string;
  /** Tickets created in the period by current status: open (open, reviewed, reopened), in progress, closed. */
  ticketCounts: { open: number; inProgress: number; closed: number };
  timeMetrics: {
    /** Mean seconds from creation to the first reply by someone other than the creator; null without replies. */
    avgFirstResponseTime: number | null;
    /** Percentage (0–100) of the period's tickets that got such a reply; null without tickets. */
    responseRate: number | null;
    /** Mean seconds from creation to closing, over the period's closed tickets; null without any. */
    avgResolutionTime: number | null;
  };
  trends: {
    /** responseRate minus the previous period's (percentage points); null when either is null. */
    responseRateChange: number | null;
    /** Change of avgResolutionTime against the previous period, in percent; null when either is null or zero. */
    resolutionTimeChange: number | null;
  };
  /** Created and closed per day of the period, for the charts. */
  series: TicketMetricsPoint[];
}

/** The two trends of the metrics from the current and previous figures (pure; see {@link TicketMetrics}). */
export function ticketTrends(
  current: { responseRate: number | null; avgResolutionTime: number | null },
  previous: { responseRate: number | null; avgResolutionTime: number | null },
): TicketMetrics['trends'] {
  const responseRateChange = current.responseRate === null || previous.responseRate === null ? null : round1(current.responseRate - previous.responseRate);
  const resolutionTimeChange =
    current.avgResolutionTime === null || previous.avgResolutionTime === null || previous.avgResolutionTime === 0
      ? null
      : round1(((current.avgResolutionTime - previous.avgResolutionTime) / previous.avgResolutionTime) * 100);
  return { responseRateChange, resolutionTimeChange };
}

/** Rounds to one decimal. */
export function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

/** "1d 2h", "3h 4m", "5m", "40s": a duration in seconds for the dashboard. */
export function formatDurationSeconds(seconds: number | null): string {
  if (seconds === null) return '–';
  const s = Math.round(seconds);
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d > 0) return `${d}d ${h}h`;
  if (h > 0) return `${h}h ${m}m`;
  if (m > 0) return `${m}m`;
  return `${s}s`;
}

/**
 * Parses an age like `30d`, `12h`, `2w` (the CLI's `--older-than`) into milliseconds, or null when it
 * is not one.
 */
export function parseAge(text: string): number | null {
  const match = /^(\d{1,6})([smhdw])$/.exec(text.trim());
  if (!match) return null;
  const unit = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 }[match[2] as 's' | 'm' | 'h' | 'd' | 'w'];
  return Number(match[1]) * unit;
}
