import { ofType } from 'redux-observable';
import { catchError, from, map, of, switchMap } from 'rxjs';
import type { TicketMetricsPeriod } from '@tessera/domain';
import type { TicketsEpic } from '../epic';
import { metricsActions } from './metrics.slice';

/** Loads the metrics of the chosen period. */
export const metricsEpic: TicketsEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(metricsActions.metricsRequested.type),
    map((a) => (a as { payload: TicketMetricsPeriod }).payload),
    switchMap((period) =>
      from(api.supportTicketMetrics(period)).pipe(
        map((metrics) => metricsActions.metricsLoaded(metrics)),
        catchError(() => of(metricsActions.metricsFailed())),
      ),
    ),
  );
