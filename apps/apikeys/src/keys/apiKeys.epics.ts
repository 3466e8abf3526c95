import { ofType } from 'redux-observable';
import { catchError, exhaustMap, from, map, mergeMap, of, switchMap, tap } from 'rxjs';
import { failureOf, type ApiKeysEpic } from '../epic';
import { apiKeysActions as A } from './apiKeys.slice';

/** GET ApiKeys when the page is shown. */
export const listApiKeysEpic: ApiKeysEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.listRequested.type),
    switchMap(() =>
      from(api.listApiKeys()).pipe(
        map((keys) => A.listed(keys)),
        catchError((error: unknown) => of(A.listFailed({ message: failureOf(error).message }))),
      ),
    ),
  );

/** POST ApiKeys; the answer carries the secret, kept in state until dismissed. A refusal names its field. */
export const createApiKeyEpic: ApiKeysEpic = (action$, _state$, { api, bus }) =>
  action$.pipe(
    ofType(A.createRequested.type),
    exhaustMap((action) =>
      from(api.createApiKey((action as ReturnType<typeof A.createRequested>).payload)).pipe(
        map((key) => A.created(key)),
        catchError((error: unknown) => {
          const failure = failureOf(error);
          bus.showToast({ type: 'error', title: 'The API key was not created', message: failure.message });
          return of(A.createFailed(failure));
        }),
      ),
    ),
  );

/** DELETE ApiKeys/{id}; a toast either way. */
export const revokeApiKeyEpic: ApiKeysEpic = (action$, _state$, { api, bus }) =>
  action$.pipe(
    ofType(A.revokeRequested.type),
    mergeMap((action) => {
      const { id, name } = (action as ReturnType<typeof A.revokeRequested>).payload;
      return from(api.revokeApiKey(id)).pipe(
        tap(() => bus.showToast({ type: 'success', title: `API key '${name}' revoked`, message: '' })),
        map(() => A.revoked({ id })),
        catchError((error: unknown) => {
          bus.showToast({ type: 'error', title: `API key '${name}' was not revoked`, message: failureOf(error).message });
          return of(A.revokeFailed({ id }));
        }),
      );
    }),
  );
