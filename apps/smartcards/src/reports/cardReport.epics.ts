import { ofType } from 'redux-observable';
import { catchError, from, map, of, switchMap } from 'rxjs';
import { errorMessage, type SmartcardsEpic } from '../epic';
import { cardReportActions as A } from './cardReport.slice';

/** CardReport (one call: the server counts). */
export const cardReportEpic: SmartcardsEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.requested.type),
    switchMap(() =>
      from(api.getCardReport()).pipe(
        map((report) => A.loaded(report)),
        catchError((error: unknown) => of(A.failed(errorMessage(error)))),
      ),
    ),
  );
