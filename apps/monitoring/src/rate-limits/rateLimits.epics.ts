import { ofType } from 'redux-observable';
import { catchError, exhaustMap, from, map, of, switchMap, takeUntil, tap, timer } from 'rxjs';
import { failureOf, type MonitoringEpic } from '../epic';
import { rateLimitsActions as A } from './rateLimits.slice';

/** How often the live counters are read while the page is shown. */
export const RATE_LIMIT_POLL_MS = 5000;

/** GET RateLimitConfig when the page is shown. */
export const loadRateLimitConfigEpic: MonitoringEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.pageShown.type),
    switchMap(() =>
      from(api.getRateLimitConfig()).pipe(
        map((config) => A.configLoaded(config)),
        catchError((error: unknown) => of(A.configLoadFailed({ message: failureOf(error).message }))),
      ),
    ),
  );

/** GET RateLimitStatus at once and every {@link RATE_LIMIT_POLL_MS} while the page is shown. */
export const pollRateLimitStatusEpic: MonitoringEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.pageShown.type),
    switchMap(() =>
      timer(0, RATE_LIMIT_POLL_MS).pipe(
        takeUntil(action$.pipe(ofType(A.pageLeft.type))),
        exhaustMap(() =>
          from(api.getRateLimitStatus()).pipe(
            map((status) => A.countersLoaded(status)),
            catchError((error: unknown) => of(A.countersFailed({ message: failureOf(error).message }))),
          ),
        ),
      ),
    ),
  );

/** PUT RateLimitConfig (the whole config); a toast either way, the refusal keeps its field. */
export const saveRateLimitConfigEpic: MonitoringEpic = (action$, _state$, { api, bus }) =>
  action$.pipe(
    ofType(A.saveRequested.type),
    exhaustMap((action) =>
      from(api.putRateLimitConfig((action as ReturnType<typeof A.saveRequested>).payload)).pipe(
        tap(() => bus.showToast({ type: 'success', title: 'Rate-limit rules saved', message: '' })),
        map((config) => A.saved(config)),
        catchError((error: unknown) => {
          const failure = failureOf(error);
          bus.showToast({ type: 'error', title: 'The rate-limit rules were not saved', message: failure.message });
          return of(A.saveFailed(failure));
        }),
      ),
    ),
  );
