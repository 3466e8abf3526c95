import type { Action } from '@reduxjs/toolkit';
import { ofType } from 'redux-observable';
import { catchError, from, map, mergeMap, of, switchMap, withLatestFrom } from 'rxjs';
import { MESSAGES, TICKET_PAGE_SIZE } from '@tessera/domain';
import { toFailure, type TicketsEpic } from '../epic';
import { searchActions, searchSelectors, type TicketQuery } from './search.slice';

/** Runs the search on the server: filters, a page of 10, the chosen sort (admin-console §9). */
export const searchEpic: TicketsEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(searchActions.searchRequested.type),
    map((a) => (a as ReturnType<typeof searchActions.searchRequested>).payload),
    switchMap((query: TicketQuery) =>
      from(
        api.searchSupportTickets({
          search_groups: query.filters,
          skip: query.pageIndex * TICKET_PAGE_SIZE,
          take: TICKET_PAGE_SIZE,
          sort_field: query.sortField,
          sort_direction: query.sortDirection,
        }),
      ).pipe(
        map((answer) => searchActions.searchLoaded(answer)),
        catchError((error: unknown) => of(searchActions.searchFailed(toFailure(error)))),
      ),
    ),
  );

/** Bulk close of the selection: one PATCH, the §8 texts, then the search again. */
export const bulkCloseEpic: TicketsEpic = (action$, state$, { api, bus }) =>
  action$.pipe(
    ofType(searchActions.bulkCloseRequested.type),
    withLatestFrom(state$),
    switchMap(([, state]) => {
      const search = searchSelectors.selectSearch(state as never);
      return from(api.bulkUpdateTickets({ ticketIds: search.selected, fieldsToUpdate: { ticketStatus: 'TICKET_STATUS_CLOSED' } })).pipe(
        mergeMap((): Action[] => {
          bus.showToast({ type: 'success', title: 'Tickets', message: MESSAGES.TICKETS_CLOSED });
          return [searchActions.bulkCloseFinished(), searchActions.searchRequested(search.query)];
        }),
        catchError(() => {
          bus.showToast({ type: 'error', title: 'Tickets', message: MESSAGES.TICKETS_CLOSE_FAILED });
          return of(searchActions.bulkCloseFailed());
        }),
      );
    }),
  );
