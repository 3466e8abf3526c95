import { ofType } from 'redux-observable';
import { catchError, from, map, of, switchMap } from 'rxjs';
import { failureOf, type CertificatesEpic } from '../epic';
import { revocationsActions as A } from './revocations.slice';

/** GET Revocations?state&page. */
export const revocationsPageEpic: CertificatesEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.pageRequested.type),
    switchMap((action) => {
      const { state, page } = (action as ReturnType<typeof A.pageRequested>).payload;
      return from(api.listRevocations({ page, ...(state ? { state } : {}) })).pipe(
        map((answer) => A.pageLoaded(answer)),
        catchError((error: unknown) => of(A.pageFailed({ message: failureOf(error).message }))),
      );
    }),
  );
