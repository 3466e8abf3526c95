import { ofType } from 'redux-observable';
import { catchError, concat, from, map, mergeMap, of, switchMap } from 'rxjs';
import { CARD_REQUEST_MESSAGES, MESSAGES, RESULTS_PER_PAGE, withReason } from '@tessera/domain';
import { errorMessage, type SmartcardsEpic } from '../epic';
import { smartcardRequestActions as A } from './smartcardRequest.slice';

/** Sends the smartcard request; the §8 texts as toasts. */
export const smartcardRequestEpic: SmartcardsEpic = (action$, state$, { api, bus }) =>
  action$.pipe(
    ofType(A.requestSent.type),
    switchMap((a) =>
      from(api.smartcardRequest((a as ReturnType<typeof A.requestSent>).payload)).pipe(
        mergeMap((result) => {
          bus.showToast({ type: 'success', title: 'Smartcard request', message: MESSAGES.SMARTCARD_REQUEST_SUCCESS });
          // The new requests show in the open list.
          const search = (state$.value as { smartcardsRequest?: { open: { search: string } } }).smartcardsRequest?.open.search ?? '';
          return of(A.requestSucceeded(result), A.openRequested({ search, pageIndex: 0 }));
        }),
        catchError((error: unknown) => {
          bus.showToast({ type: 'error', title: 'Smartcard request', message: MESSAGES.SMARTCARD_REQUEST_FAILED });
          return of(A.requestFailed(withReason(MESSAGES.SMARTCARD_REQUEST_FAILED, errorMessage(error))));
        }),
      ),
    ),
  );

/** The open requests, a page at a time, searched by username on the server. */
export const openRequestsEpic: SmartcardsEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.openRequested.type),
    switchMap((a) => {
      const { search, pageIndex } = (a as ReturnType<typeof A.openRequested>).payload;
      return from(api.listSmartcardRequests({ status: 'PENDING', ...(search ? { search } : {}), skip: pageIndex * RESULTS_PER_PAGE, take: RESULTS_PER_PAGE })).pipe(
        map((page) => A.openLoaded(page)),
        catchError((error: unknown) => of(A.openFailed(withReason(CARD_REQUEST_MESSAGES.LIST_FAILED, errorMessage(error))))),
      );
    }),
  );

/** Closes a request as done or rejected, then reloads the page it was on. */
export const closeRequestEpic: SmartcardsEpic = (action$, state$, { api, bus }) =>
  action$.pipe(
    ofType(A.closeRequested.type),
    mergeMap((a) => {
      const { id, status } = (a as ReturnType<typeof A.closeRequested>).payload;
      const title = status === 'DONE' ? CARD_REQUEST_MESSAGES.CLOSED_DONE : CARD_REQUEST_MESSAGES.CLOSED_REJECTED;
      const { open } = (state$.value as { smartcardsRequest: { open: { search: string; pageIndex: number } } }).smartcardsRequest;
      return from(api.closeSmartcardRequest(id, status)).pipe(
        mergeMap(() => {
          bus.showToast({ type: 'success', title, message: '' });
          return concat(of(A.closeDone({ ok: true, message: title })), of(A.openRequested({ search: open.search, pageIndex: open.pageIndex })));
        }),
        catchError((error: unknown) => {
          bus.showToast({ type: 'error', title: CARD_REQUEST_MESSAGES.CLOSE_FAILED, message: errorMessage(error) });
          return of(A.closeDone({ ok: false, message: withReason(CARD_REQUEST_MESSAGES.CLOSE_FAILED, errorMessage(error)) }));
        }),
      );
    }),
  );
