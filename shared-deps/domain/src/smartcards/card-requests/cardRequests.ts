/**
 * The operators' side of smartcard requests (issue 15; admin-console §2.2 `/credentials/smartcards/request`
 * [smartcardRequest]; designed: the spec shows the request form only). Requests come from operators
 * (`POST /api/dps/smartcard-request`) and from users themselves (`/self/requestSmartcard/{id}`); an operator
 * lists the open ones and closes each as done (the card was issued) or rejected.
 */

/** States of a smartcard request: open, then done or rejected. */
export const CARD_REQUEST_STATUSES = ['PENDING', 'DONE', 'REJECTED'] as const;
/** A smartcard request's state. */
export type CardRequestStatus = (typeof CARD_REQUEST_STATUSES)[number];
/** What closing a request may set. */
export const CARD_REQUEST_CLOSED_STATUSES = ['DONE', 'REJECTED'] as const;

/** Texts of the request list (designed). */
export const CARD_REQUEST_MESSAGES = Object.freeze({
  CLOSED_DONE: 'Smartcard request marked done',
  CLOSED_REJECTED: 'Smartcard request rejected',
  CLOSE_FAILED: 'The smartcard request could not be closed',
  LIST_FAILED: 'The smartcard requests could not be loaded',
  NOT_OPEN: 'The request is no longer open.',
} as const);

/** One request as the list shows it. */
export interface CardRequestEntry {
  id: string;
  userId: string;
  username: string;
  status: CardRequestStatus;
  /** The reason or comment given with it. */
  comment: string | null;
  priority: 'normal' | 'urgent' | null;
  cardTemplateName: string | null;
  /** True when the user asked for it themselves. */
  self: boolean;
  requestedBy: string | null;
  createdAt: string;
}

/** `GET /api/dps/smartcard-requests` query. */
export interface ListCardRequestsQuery {
  status?: CardRequestStatus;
  /** Username substring. */
  search?: string;
  skip?: number;
  take?: number;
}

/** Its answer. */
export interface ListCardRequestsResponse {
  totalResults: number;
  results: CardRequestEntry[];
}

/** Reads the stored `options` of a request into the list's fields. */
export function cardRequestDetails(options: unknown): Pick<CardRequestEntry, 'comment' | 'priority' | 'cardTemplateName' | 'self'> {
  const o = options && typeof options === 'object' ? (options as Record<string, unknown>) : {};
  const priority = o.priority === 'urgent' || o.priority === 'normal' ? o.priority : null;
  return {
    comment: typeof o.comment === 'string' && o.comment !== '' ? o.comment : null,
    priority,
    cardTemplateName: typeof o.cardTemplateName === 'string' ? o.cardTemplateName : null,
    self: o.self === true,
  };
}
