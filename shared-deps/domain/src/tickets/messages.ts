/**
 * Texts of support tickets (admin-console §5, §8).
 * Quoted texts are the spec's, character for character; the others are marked "designed".
 */
import { TICKET_MESSAGE_MAX_LENGTH } from './constants';

/** Failure of adding, updating or deleting ticket messages (admin-console §8). */
export function ticketMessagesFailed(action: string): string {
  return `${action} ticket messages failed`;
}

/** The tickets texts, by code (merged into `MESSAGES`). */
export const TICKET_MESSAGES = Object.freeze({
  // admin-console §5 ticket message
  /** designed: admin-console §5 "Ticket message: maximum length 10000 characters". */
  TICKET_MESSAGE_TOO_LONG: `The ticket message must be at most ${TICKET_MESSAGE_MAX_LENGTH} characters.`,
  TICKET_NO_CHANGES: 'No changes were made to the support ticket.',
  ticketMessagesFailed,

  // admin-console §8 tickets (issue 6)
  TICKET_UNASSIGNED: 'Ticket unassigned successfully.',
  TICKET_ASSIGNED: 'Ticket assigned successfully.',
  TICKET_ASSIGN_FAILED: 'Failed to assign ticket',
  TICKETS_CLOSED: 'Selected tickets have been closed.',
  TICKETS_CLOSE_FAILED: 'Failed to close tickets.',
  TICKET_SUBMIT_FAILED: 'An error occurred during ticket submission',
  /** designed: success texts the spec does not quote. */
  TICKET_CREATED: 'The support ticket was created.',
  TICKET_UPDATED: 'The support ticket was updated.',
  /** designed: a new message notification (the bus). */
  TICKET_NEW_MESSAGE_TITLE: 'New ticket message',
} as const);
