import type { Action } from '@reduxjs/toolkit';
import { ofType } from 'redux-observable';
import { catchError, EMPTY, filter, forkJoin, from, map, merge, mergeMap, of, switchMap, type Observable } from 'rxjs';
import { MESSAGES } from '@tessera/domain';
import { errorMessage, type SmartcardsEpic, type SmartcardsEpicDependencies } from '../epic';

type Api = SmartcardsEpicDependencies['api'];
import { temporaryPassesActions as A } from './temporaryPasses.slice';

/** Loads the issued and available lists and the accounts; failure: 'An error occurred while retrieving temporary smartcards'. */
export const loadPassesEpic: SmartcardsEpic = (action$, _state$, { api, bus }) =>
  action$.pipe(
    ofType(A.passesRequested.type),
    switchMap(() =>
      forkJoin({ lists: from(api.listTemporaryPasses()), accounts: from(api.temporaryPassAccounts()) }).pipe(
        map((answer) => A.passesLoaded(answer)),
        catchError(() => {
          bus.showToast({ type: 'error', title: 'Temporary passes', message: MESSAGES.PASSES_FETCH_FAILED });
          return of(A.passesFailed());
        }),
      ),
    ),
  );

/** Availability of a pass number (padded by the api client); the first item is the status. */
export const availabilityEpic: SmartcardsEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.availabilityRequested.type),
    map((a) => (a as ReturnType<typeof A.availabilityRequested>).payload),
    switchMap(({ type, passNumber }) =>
      from(api.temporaryPassAvailability(type, passNumber)).pipe(
        map((answer) => A.availabilityLoaded(answer[0] ?? null)),
        catchError(() => of(A.availabilityLoaded(null))),
      ),
    ),
  );

/** The passes a user holds, for the issue form (`GET /api/smartcards/temporary/user/{id}`). */
export const userPassesEpic: SmartcardsEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.userPassesRequested.type),
    map((a) => (a as ReturnType<typeof A.userPassesRequested>).payload),
    filter((userId) => userId !== ''),
    switchMap((userId) =>
      from(api.temporaryPassesOfUser(userId)).pipe(
        map((passes) => A.userPassesLoaded({ userId, passes })),
        catchError(() => EMPTY),
      ),
    ),
  );

/** One write: on success a toast and the lists again; on failure the §8 failure text. */
function write(bus: SmartcardsEpicDependencies['bus'], call: () => Promise<unknown>, ok: string, failed: string): Observable<Action> {
  return from(call()).pipe(
    mergeMap((): Action[] => {
      bus.showToast({ type: 'success', title: 'Temporary passes', message: ok });
      return [A.writeSucceeded(), A.passesRequested()];
    }),
    catchError((error: unknown) => {
      bus.showToast({ type: 'error', title: 'Temporary passes', message: failed });
      return of(A.writeFailed(`${failed}: ${errorMessage(error)}`));
    }),
  );
}

/** Each write: the action that asks for it, the api call with its payload, and its §8 texts. */
const WRITES = [
  { action: A.issueToUserRequested, call: (api: Api, p: never) => api.assignPositivePass(p), ok: MESSAGES.PASS_ISSUED, failed: MESSAGES.PASS_ISSUE_FAILED },
  { action: A.issueToGuestRequested, call: (api: Api, p: never) => api.assignGuestPass(p), ok: MESSAGES.GUEST_PASS_ISSUED, failed: MESSAGES.GUEST_PASS_ISSUE_FAILED },
  { action: A.returnRequested, call: (api: Api, p: never) => api.returnTemporaryPass(p), ok: MESSAGES.PASS_CARD_STATUS_UPDATED, failed: MESSAGES.PASS_CARD_STATUS_FAILED },
  { action: A.misplacedRequested, call: (api: Api, p: never) => api.misplacedTemporaryPass(p), ok: MESSAGES.PASS_CARD_STATUS_UPDATED, failed: MESSAGES.PASS_CARD_STATUS_FAILED },
  { action: A.activationRequested, call: (api: Api, p: never) => api.temporaryPassActivation(p), ok: MESSAGES.PASS_CARD_STATUS_UPDATED, failed: MESSAGES.PASS_CARD_STATUS_FAILED },
  { action: A.batchPrintRequested, call: (api: Api, p: never) => api.batchPrintTemporaryPasses(p), ok: MESSAGES.PASS_PRINT_REQUESTED, failed: MESSAGES.PASS_PRINT_FAILED },
] as const;

/** Issue to a user or a guest, return, misplaced, activation and batch print, with the texts of admin-console §8. */
export const passWritesEpic: SmartcardsEpic = (action$, _state$, { api, bus }) =>
  merge(
    ...WRITES.map(({ action, call, ok, failed }) =>
      action$.pipe(
        ofType(action.type),
        mergeMap((a) => write(bus, () => call(api, (a as { payload: never }).payload), ok, failed)),
      ),
    ),
  );
