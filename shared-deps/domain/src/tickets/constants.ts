/**
 * Constants of support tickets (admin-console §5, §9). Every number here is the spec's unless marked designed.
 */

/** Ticket message maximum length (admin-console §5, §9). */
export const TICKET_MESSAGE_MAX_LENGTH = 10000;

/** Ticket list: fetch page size, default sort, filter limit (admin-console §9). */
export const TICKET_PAGE_SIZE = 10;
export const TICKET_DEFAULT_SORT = { field: 'updatedAt', direction: 'desc' } as const;
export const TICKET_FILTER_LIMIT = 100;
