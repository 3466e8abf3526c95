import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** `tickets`: support tickets of a tenant (admin-console §3). */
export interface TicketsTable {
  id: Generated<string>;
  tenant_id: string;
  title: string;
  category: string;
  description: string;
  status: Generated<string>;
  priority: Generated<string>;
  created_by: string;
  assigned_to: string | null;
  /** First non-internal reply by someone other than the creator (metrics). */
  first_response_at: Date | null;
  /** When the ticket was last closed (metrics). */
  closed_at: Date | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** `ticket_messages`: the conversation of a ticket. */
export interface TicketMessagesTable {
  id: Generated<string>;
  tenant_id: string;
  ticket_id: string;
  sender_id: string;
  content: string;
  /** Staff-only note: hidden from viewers who are not staff. */
  internal: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** A ticket row. */
export type TicketRow = Selectable<TicketsTable>;
/** A new ticket row. */
export type NewTicketRow = Insertable<TicketsTable>;
/** Changes to a ticket row. */
export type TicketUpdate = Updateable<TicketsTable>;
/** A ticket message row. */
export type TicketMessageRow = Selectable<TicketMessagesTable>;
