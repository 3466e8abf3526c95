/** Epics of the cloud HSM page (issue 15): list, add and delete configs; authenticate (pending, then true or false). */
import { combineEpics, ofType } from 'redux-observable';
import type { Action } from '@reduxjs/toolkit';
import { catchError, concat, defer, map, mergeMap, of, switchMap } from 'rxjs';
import { CLOUD_HSM_MESSAGES } from '@tessera/domain';
import { errorMessage, type SmartcardsEpic, type SmartcardsEpicDependencies } from '../epic';
import { cloudHsmActions as A } from './cloudHsm.slice';

const fieldOf = (error: unknown): string | null => {
  const field = (error as { field?: unknown } | null)?.field;
  return typeof field === 'string' ? field : null;
};

/** The tenant's configs. */
export const configsEpic: SmartcardsEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.configsRequested.type),
    switchMap(() =>
      defer(() => api.listCloudHsmConfigs()).pipe(
        map((answer) => A.configsLoaded(answer.configs)),
        catchError(() => of(A.configsLoaded([]))),
      ),
    ),
  );

/** Add or delete, then the list again. */
export const changeEpic: SmartcardsEpic = (action$, _state$, { api, bus }) =>
  action$.pipe(
    ofType(A.addRequested.type, A.deleteRequested.type),
    mergeMap((action: Action) => {
      const adding = action.type === A.addRequested.type;
      const call = (): Promise<unknown> =>
        adding ? api.addCloudHsmConfig((action as ReturnType<typeof A.addRequested>).payload) : api.deleteCloudHsmConfig((action as ReturnType<typeof A.deleteRequested>).payload.customer_sc_hardware);
      const ok = adding ? CLOUD_HSM_MESSAGES.SAVED : CLOUD_HSM_MESSAGES.DELETED;
      return defer(call).pipe(
        mergeMap(() => {
          bus.showToast({ type: 'success', title: ok, message: '' });
          return concat(of(A.changeDone({ ok: true, message: ok })), of(A.configsRequested()));
        }),
        catchError((error: unknown) => of(A.changeDone({ ok: false, message: errorMessage(error), field: fieldOf(error) }))),
      );
    }),
  );

/** HSM authentication. */
export const authenticateEpic: SmartcardsEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.authenticateRequested.type),
    switchMap((action) =>
      defer(() => api.authenticateHsm((action as ReturnType<typeof A.authenticateRequested>).payload)).pipe(
        map((answer) => A.authenticateDone({ authenticated: answer.authenticated, message: answer.authenticated ? CLOUD_HSM_MESSAGES.AUTHENTICATED : CLOUD_HSM_MESSAGES.NOT_AUTHENTICATED })),
        catchError((error: unknown) => of(A.authenticateDone({ authenticated: null, message: errorMessage(error) }))),
      ),
    ),
  );

/** The cloud HSM epics, as one. */
export const cloudHsmEpic = combineEpics<Action, Action, unknown, SmartcardsEpicDependencies>(configsEpic, changeEpic, authenticateEpic);
