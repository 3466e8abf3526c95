import { ofType } from 'redux-observable';
import { catchError, from, map, of, switchMap, takeUntil, takeWhile, timer } from 'rxjs';
import { BATCH_PRINT_PING_MS, RESULTS_PER_PAGE } from '@tessera/domain';
import { errorMessage, type SmartcardsEpic } from '../epic';
import { batchFinished, batchStatusActions as A, batchStatusSelectors } from './batches.slice';

/**
 * Follows a batch: BatchPrintStatus now and every BATCH_PRINT_PING_MS (3 s, signin §9) until the batch is
 * finished or the page is left. A failed poll is shown and the polling goes on.
 */
export const batchStatusEpic: SmartcardsEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.watchRequested.type),
    switchMap((action) => {
      const batchId = (action as ReturnType<typeof A.watchRequested>).payload;
      return timer(0, BATCH_PRINT_PING_MS).pipe(
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
