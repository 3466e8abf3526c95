import { ofType } from 'redux-observable';
import { catchError, from, map, mergeMap, of, switchMap } from 'rxjs';
import { messageForErrorCode, type ErrorCode } from '@tessera/domain';
import type { ConfigEpic } from '../epic';
import { allowedDomainsActions as A, allowedDomainsSelectors } from './allowedDomains.slice';

const describe = (error: unknown): string => {
  const { code, message } = error as { code?: string; message?: string };
  return message || messageForErrorCode((code ?? 'INTERNAL') as ErrorCode);
};

/** GET AllowedDomains with the page and search in the state (searched and paged on the server). */
export const loadAllowedDomainsEpic: ConfigEpic = (action$, state$, { api }) =>
  action$.pipe(
    ofType(A.pageRequested.type),
    switchMap(() => {
      const { page, search } = allowedDomainsSelectors.select(state$.value as never);
      return from(api.listAllowedDomains({ page, ...(search ? { search } : {}) })).pipe(
        map((list) => A.loaded(list)),
        catchError((error: unknown) => of(A.loadFailed({ message: describe(error) }))),
      );
    }),
  );

/** POST AllowedDomain, then the list again; a refusal stays beside the field. */
export const addAllowedDomainEpic: ConfigEpic = (action$, _state$, { api, bus }) =>
  action$.pipe(
    ofType(A.addRequested.type),
    mergeMap((action) =>
      from(api.addAllowedDomain((action as ReturnType<typeof A.addRequested>).payload.domain)).pipe(
        mergeMap((row) => {
          bus.showToast({ type: 'success', title: `${row.domain} is an allowed domain`, message: '' });
          return of(A.added(), A.pageRequested({}));
        }),
        catchError((error: unknown) => of(A.addFailed({ message: describe(error) }))),
      ),
    ),
  );

/** DELETE AllowedDomain, then the list again. */
export const deleteAllowedDomainEpic: ConfigEpic = (action$, _state$, { api, bus }) =>
  action$.pipe(
    ofType(A.deleteRequested.type),
    mergeMap((action) => {
      const { id, domain } = (action as ReturnType<typeof A.deleteRequested>).payload;
      return from(api.deleteAllowedDomain(id)).pipe(
        mergeMap(() => {
          bus.showToast({ type: 'success', title: `${domain} removed`, message: '' });
          return of(A.pageRequested({}));
        }),
        catchError((error: unknown) => {
          bus.showToast({ type: 'error', title: `Could not remove ${domain}`, message: describe(error) });
          return of(A.pageRequested({}));
        }),
      );
    }),
  );
