import { ofType } from 'redux-observable';
import { catchError, from, map, of, switchMap } from 'rxjs';
import { failureOf, type CertificatesEpic } from '../epic';
import { revocationsActions as A } from './revocations.slice';

/** GET Revocations?state&page&search&sortField&sortDirection (only the parts that are set). */
export const revocationsPageEpic: CertificatesEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.pageRequested.type),
    switchMap((action) => {
      const { state, page, search, sortField, sortDirection } = (action as ReturnType<typeof A.pageRequested>).payload;
      const text = search?.trim() ?? '';
      return from(api.listRevocations({ page, ...(state ? { state } : {}), ...(text ? { search: text } : {}), ...(sortField ? { sortField, sortDirection: sortDirection ?? 'desc' } : {}) })).pipe(
        map((answer) => A.pageLoaded(answer)),
        catchError((error: unknown) => of(A.pageFailed({ message: failureOf(error).message }))),
      );
    }),
  );
