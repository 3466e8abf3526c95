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

/** Failures as the slices keep them (from @tessera/api, which maps every error). */
export { toFailure, type Failure } from '@tessera/api';
