/** Monitoring-v1 ticket calls (admin-console §7 tickets table; docs/api.md). */
import type {
  AssignTicketRequest,
  BulkUpdateTicketsRequest,
  BulkUpdateTicketsResponse,
  CreateTicketMessageRequest,
  CreateTicketRequest,
  CreateTicketResponse,
  SearchSupportTicketsRequest,
  SearchSupportTicketsResponse,
  Ticket,
  TicketMessage,
  TicketMessagesResponse,
  TicketMetrics,
  TicketMetricsPeriod,
  UpdateTicketMessageRequest,
  UpdateTicketRequest,
} from '@tessera/domain';
import type { HttpSend } from './http';

const M = '/api2/Monitoring-v1';

/** A new message on a ticket of the viewer (designed; `GET TicketNotifications`). */
export interface TicketNotification {
  ticketId: string;
  title: string;
  messageId: string;
  sender: string;
  createdAt: string;
}

/** The ticket calls. */
export interface TicketsCalls {
  /** `GET /api2/Monitoring-v1/Ticket?ticketId` (ticketView). */
  getTicket(ticketId: string): Promise<Ticket>;
  /** `POST /api2/Monitoring-v1/Ticket` (ticketAdd). */
  createTicket(request: CreateTicketRequest): Promise<CreateTicketResponse>;
  /** `PUT /api2/Monitoring-v1/Ticket` (ticketEdit). */
  updateTicket(request: UpdateTicketRequest): Promise<Ticket>;
  /** `PATCH /api2/Monitoring-v1/Ticket` (ticketEdit): bulk status change, e.g. bulk close. */
  bulkUpdateTickets(request: BulkUpdateTicketsRequest): Promise<BulkUpdateTicketsResponse>;
  /** `PATCH /api2/Monitoring-v1/AssignTicketToUser` (ticketEdit); userId '' unassigns. */
  assignTicketToUser(request: AssignTicketRequest): Promise<Ticket>;
  /** `GET /api2/Monitoring-v1/SearchTicketMessages?ticketId` (ticketView). */
  searchTicketMessages(ticketId: string): Promise<TicketMessagesResponse>;
  /** `POST /api2/Monitoring-v1/TicketMessage` (ticketView). */
  createTicketMessage(request: CreateTicketMessageRequest): Promise<TicketMessage>;
  /** `PUT /api2/Monitoring-v1/TicketMessage` (ticketView; the sender only). */
  updateTicketMessage(request: UpdateTicketMessageRequest): Promise<TicketMessage>;
  /** `DELETE /api2/Monitoring-v1/TicketMessage` (ticketView; the sender or staff). */
  deleteTicketMessage(messageId: string): Promise<void>;
  /** `POST /api2/Monitoring-v1/SearchSupportTickets` (ticketView). */
  searchSupportTickets(request?: SearchSupportTicketsRequest): Promise<SearchSupportTicketsResponse>;
  /** `GET /api2/Monitoring-v1/SupportTicketMetrics?period` (ticketEdit). */
  supportTicketMetrics(period?: TicketMetricsPeriod): Promise<TicketMetrics>;
  /** `GET /api2/Monitoring-v1/TicketNotifications?since` (ticketView): new messages by others on the viewer's tickets. */
  ticketNotifications(since: string): Promise<{ now: string; messages: TicketNotification[] }>;
}

/** The ticket calls over `send`. */
export function ticketsCalls(send: HttpSend): TicketsCalls {
  return {
    getTicket: (ticketId) => send({ method: 'GET', path: `${M}/Ticket`, query: { ticketId } }),
    createTicket: (request) => send({ method: 'POST', path: `${M}/Ticket`, body: request }),
    updateTicket: (request) => send({ method: 'PUT', path: `${M}/Ticket`, body: request }),
    bulkUpdateTickets: (request) => send({ method: 'PATCH', path: `${M}/Ticket`, body: request }),
    assignTicketToUser: (request) => send({ method: 'PATCH', path: `${M}/AssignTicketToUser`, body: request }),
    searchTicketMessages: (ticketId) => send({ method: 'GET', path: `${M}/SearchTicketMessages`, query: { ticketId } }),
    createTicketMessage: (request) => send({ method: 'POST', path: `${M}/TicketMessage`, body: request }),
    updateTicketMessage: (request) => send({ method: 'PUT', path: `${M}/TicketMessage`, body: request }),
    deleteTicketMessage: (messageId) => send({ method: 'DELETE', path: `${M}/TicketMessage`, body: { messageId } }),
    searchSupportTickets: (request = {}) => send({ method: 'POST', path: `${M}/SearchSupportTickets`, body: request }),
    supportTicketMetrics: (period) => send({ method: 'GET', path: `${M}/SupportTicketMetrics`, query: { period } }),
    ticketNotifications: (since) => send({ method: 'GET', path: `${M}/TicketNotifications`, query: { since } }),
  };
}
