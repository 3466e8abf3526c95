/** Ticket message rule (admin-console §5, §9): at most 10000 characters. */
import { TICKET_MESSAGE_MAX_LENGTH } from './constants';
import { TICKET_MESSAGES as MESSAGES } from './messages';

/** The error text for a ticket message longer than 10000 characters, or null (admin-console §5). */
export function validateTicketMessage(message: string): string | null {
  return message.length <= TICKET_MESSAGE_MAX_LENGTH ? null : MESSAGES.TICKET_MESSAGE_TOO_LONG;
}
