import { ofType } from 'redux-observable';
import { catchError, from, map, of, switchMap, takeUntil, takeWhile, timer } from 'rxjs';
import { BATCH_PRINT_PING_MS } from '@tessera/domain';
import { errorMessage, type SmartcardsEpic } from '../epic';
import { batchFinished, batchStatusActions as A } from './batches.slice';

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
