import type { Action } from '@reduxjs/toolkit';
import type { Epic } from 'redux-observable';
import type { Observable } from 'rxjs';
import type { ApiClient } from '@tessera/api';
import type { ConnectTicketNotificationsOptions, TicketMessageNotice } from '@tessera/bus';
import type { ToastInput } from '@tessera/domain';

/** What the tickets app's epics use of the store dependencies (`{api, bus, now}`). */
export interface TicketsEpicDependencies {
  api: Pick<
    ApiClient,
    | 'getTicket'
    | 'createTicket'
    | 'updateTicket'
    | 'bulkUpdateTickets'
    | 'assignTicketToUser'
    | 'searchTicketMessages'
    | 'createTicketMessage'
    | 'updateTicketMessage'
    | 'deleteTicketMessage'
    | 'searchSupportTickets'
    | 'supportTicketMetrics'
    | 'listUsers'
    | 'ticketNotifications'
  >;
  bus: {
    showToast(input: ToastInput): void;
    ticketMessages$: Observable<TicketMessageNotice>;
    connectTicketNotifications(options: ConnectTicketNotificationsOptions): () => void;
  };
  now: () => number;
}

/** An epic of the tickets app. */
export type TicketsEpic = Epic<Action, Action, unknown, TicketsEpicDependencies>;

/** A failure as the slices keep it. */
export interface Failure {
  code: string;
  message: string;
  field?: string;
}

/** The code, message and field of anything an api call rejected with. */
export function toFailure(error: unknown): Failure {
  if (error && typeof error === 'object') {
    const { code, message, field } = error as { code?: unknown; message?: unknown; field?: unknown };
    return {
      code: typeof code === 'string' ? code : 'INTERNAL',
      message: typeof message === 'string' ? message : String(error),
      ...(typeof field === 'string' ? { field } : {}),
    };
  }
  return { code: 'INTERNAL', message: String(error) };
}
