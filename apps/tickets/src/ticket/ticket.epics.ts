import type { Action } from '@reduxjs/toolkit';
import { ofType } from 'redux-observable';
import { catchError, EMPTY, filter, from, map, mergeMap, of, switchMap, withLatestFrom } from 'rxjs';
import { MESSAGES, ticketMessagesFailed } from '@tessera/domain';
import { toFailure, type TicketsEpic } from '../epic';
import { ticketActions, ticketSelectors } from './ticket.slice';

const typed = <T>(action: Action) => (action as unknown as { payload: T }).payload;

/** Loads a ticket, its messages, and (for staff who may list users) the users to assign to. */
export const loadTicketEpic: TicketsEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(ticketActions.ticketRequested.type),
    map((a) => typed<string>(a)),
    switchMap((ticketId) =>
      from(api.getTicket(ticketId)).pipe(
        mergeMap((ticket): Action[] => [ticketActions.ticketLoaded(ticket), ticketActions.messagesRequested(ticketId)]),
        catchError((error: unknown) => of(ticketActions.ticketFailed(toFailure(error)))),
      ),
    ),
  );

/** (Re)loads the messages of a ticket. */
export const loadMessagesEpic: TicketsEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(ticketActions.messagesRequested.type),
    map((a) => typed<string>(a)),
    switchMap((ticketId) =>
      from(api.searchTicketMessages(ticketId)).pipe(
        map((answer) => ticketActions.messagesLoaded({ ticketId, messages: answer.ticketMessages })),
        catchError(() => EMPTY),
      ),
    ),
  );

/** Loads assignable users once the viewer opens a ticket as staff (a viewer without userView gets "Assign to me" only). */
export const loadAssigneesEpic: TicketsEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(ticketActions.ticketLoaded.type),
    switchMap(() =>
      from(api.listUsers({ take: 100, sortField: 'username', sortDirection: 'asc' })).pipe(
        map((page) => ticketActions.assigneesLoaded(page.results.map((u) => ({ id: u.id, username: u.username })))),
        catchError(() => EMPTY),
      ),
    ),
  );

/** Creates a ticket; failure shows 'An error occurred during ticket submission' (admin-console §8). */
export const createTicketEpic: TicketsEpic = (action$, _state$, { api, bus }) =>
  action$.pipe(
    ofType(ticketActions.createRequested.type),
    switchMap((a) =>
      from(api.createTicket(typed(a))).pipe(
        map(({ ticketId }) => {
          bus.showToast({ type: 'success', title: 'Tickets', message: MESSAGES.TICKET_CREATED });
          return ticketActions.createSucceeded(ticketId);
        }),
        catchError((error: unknown) => {
          const failure = toFailure(error);
          bus.showToast({ type: 'error', title: 'Tickets', message: MESSAGES.TICKET_SUBMIT_FAILED });
          return of(ticketActions.formFailed({ ...failure, message: `${MESSAGES.TICKET_SUBMIT_FAILED}: ${failure.message}` }));
        }),
      ),
    ),
  );

/** Saves an edit. */
export const updateTicketEpic: TicketsEpic = (action$, _state$, { api, bus, now }) =>
  action$.pipe(
    ofType(ticketActions.updateRequested.type),
    switchMap((a) =>
      from(api.updateTicket(typed(a))).pipe(
        map((ticket) => {
          bus.showToast({ type: 'success', title: 'Tickets', message: MESSAGES.TICKET_UPDATED });
          return ticketActions.updateSucceeded({ ticket, at: now() });
        }),
        catchError((error: unknown) => {
          const failure = toFailure(error);
          bus.showToast({ type: 'error', title: 'Tickets', message: MESSAGES.TICKET_SUBMIT_FAILED });
          return of(ticketActions.formFailed(failure));
        }),
      ),
    ),
  );

/** Assigns or unassigns (empty user id); the §8 texts as toasts. */
export const assignTicketEpic: TicketsEpic = (action$, _state$, { api, bus }) =>
  action$.pipe(
    ofType(ticketActions.assignRequested.type),
    map((a) => typed<{ ticketId: string; userId: string }>(a)),
    switchMap(({ ticketId, userId }) =>
      from(api.assignTicketToUser({ ticketId, userId })).pipe(
        map((ticket) => {
          bus.showToast({ type: 'success', title: 'Tickets', message: userId === '' ? MESSAGES.TICKET_UNASSIGNED : MESSAGES.TICKET_ASSIGNED });
          return ticketActions.assignSucceeded(ticket);
        }),
        catchError(() => {
          bus.showToast({ type: 'error', title: 'Tickets', message: MESSAGES.TICKET_ASSIGN_FAILED });
          return EMPTY;
        }),
      ),
    ),
  );

/** Adds, updates or deletes a message, then reloads the messages; failures show '{action} ticket messages failed'. */
export const messageEpic: TicketsEpic = (action$, _state$, { api, bus }) =>
  action$.pipe(
    ofType(ticketActions.messageAddRequested.type, ticketActions.messageUpdateRequested.type, ticketActions.messageDeleteRequested.type),
    mergeMap((action) => {
      let call: Promise<unknown>;
      let verb: string;
      let ticketId: string;
      if (ticketActions.messageAddRequested.match(action)) {
        const p = typed<{ ticketId: string; messageContent: string; internalIndicator: boolean; sender: string }>(action);
        ticketId = p.ticketId;
        verb = 'Add';
        call = api.createTicketMessage({ ticketId: { ticketId }, messageContent: p.messageContent, sender: p.sender, internalIndicator: p.internalIndicator });
      } else if (ticketActions.messageUpdateRequested.match(action)) {
        const p = typed<{ ticketId: string; messageId: string; messageContent: string; sender: string }>(action);
        ticketId = p.ticketId;
        verb = 'Update';
        call = api.updateTicketMessage({ ticketId: { ticketId }, messageId: p.messageId, messageContent: p.messageContent, sender: p.sender });
      } else {
        const p = typed<{ ticketId: string; messageId: string }>(action);
        ticketId = p.ticketId;
        verb = 'Delete';
        call = api.deleteTicketMessage(p.messageId);
      }
      return from(call).pipe(
        map(() => ticketActions.messagesRequested(ticketId)),
        catchError(() => {
          bus.showToast({ type: 'error', title: 'Tickets', message: ticketMessagesFailed(verb) });
          return EMPTY;
        }),
      );
    }),
  );

/** A new message by someone else (the bus): a toast, and the open ticket's messages reload. */
export const newMessageEpic: TicketsEpic = (_action$, state$, { bus }) =>
  bus.ticketMessages$.pipe(
    withLatestFrom(state$),
    map(([notice, state]) => {
      bus.showToast({ type: 'info', title: MESSAGES.TICKET_NEW_MESSAGE_TITLE, message: `${notice.sender} on "${notice.title}"` });
      const open = ticketSelectors.selectTicketState(state as never).ticketId;
      return open === notice.ticketId ? ticketActions.messagesRequested(notice.ticketId) : null;
    }),
    filter((a): a is ReturnType<typeof ticketActions.messagesRequested> => a !== null),
  );
