import { ofType } from 'redux-observable';
import { catchError, filter, from, map, merge, Observable, of, switchMap, takeUntil, takeWhile, throttleTime, timer } from 'rxjs';
import { BATCH_PRINT_PING_MS, BATCH_PROGRESS_EVENT, RESULTS_PER_PAGE } from '@tessera/domain';
import { errorMessage, type SmartcardsEpic } from '../epic';
import { batchFinished, batchStatusActions as A, batchStatusSelectors } from './batches.slice';

/** How long pushed progress events are gathered before one fetch, ms (a card changes state several times a second). */
export const BATCH_PUSH_THROTTLE_MS = 250;

/** The websocket URL of a server path, on the console's own host (none outside a browser). */
function streamUrlOf(path: string): string | null {
  const here = (globalThis as { location?: Location }).location;
  if (!here?.host) return null;
  return `${here.protocol === 'https:' ? 'wss' : 'ws'}://${here.host}${path}`;
}

/**
 * Follows a batch: BatchPrintStatus now and every BATCH_PRINT_PING_MS (3 s, signin §9) until the batch is
 * finished or the page is left, and at once whenever the server pushes a `batchProgress` event of this batch on
 * the session's ListReadersStream (PrintBatch publishes one each time a card changes state; the stream is opened
 * here, and a caller the stream refuses still has the poll). A failed poll is shown and the polling goes on.
 */
export const batchStatusEpic: SmartcardsEpic = (action$, _state$, { api, bus }) =>
  action$.pipe(
    ofType(A.watchRequested.type),
    switchMap((action) => {
      const batchId = (action as ReturnType<typeof A.watchRequested>).payload;
      const pushed$ = new Observable<void>((subscriber) => {
        const events = bus.readers$
          .pipe(filter((event) => event.type === BATCH_PROGRESS_EVENT && (event.data as { operationId?: unknown } | undefined)?.operationId === batchId))
          .subscribe(() => subscriber.next());
        const url = streamUrlOf('/api2/CMS-v2/ListReadersStream');
        const stop = url && typeof bus.connectReadersStream === 'function' ? bus.connectReadersStream(url) : () => {};
        return () => {
          stop();
          events.unsubscribe();
        };
      }).pipe(throttleTime(BATCH_PUSH_THROTTLE_MS, undefined, { leading: true, trailing: true }));
      return merge(timer(0, BATCH_PRINT_PING_MS), pushed$).pipe(
        switchMap(() => from(api.batchPrintStatus(batchId)).pipe(catchError((error: unknown) => of(errorMessage(error))))),
        takeWhile((result) => typeof result === 'string' || !batchFinished(result), true),
        map((result) => (typeof result === 'string' ? A.loadFailed(result) : A.loaded(result))),
        takeUntil(action$.pipe(ofType(A.watchStopped.type))),
      );
    }),
  );

/** Loads a page of the batch list (searched and paged on the server). */
export const batchListEpic: SmartcardsEpic = (action$, state$, { api }) =>
  action$.pipe(
    ofType(A.listRequested.type),
    switchMap(() => {
      const { list } = batchStatusSelectors.selectState(state$.value as never);
      return from(api.listBatches({ ...(list.search.trim() ? { search: list.search.trim() } : {}), page: list.page, pageSize: RESULTS_PER_PAGE })).pipe(
        map((page) => A.listLoaded(page)),
        catchError((error: unknown) => of(A.listFailed(errorMessage(error)))),
      );
    }),
  );
