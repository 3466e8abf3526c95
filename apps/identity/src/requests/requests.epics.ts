import type { Action } from '@reduxjs/toolkit';
import { ofType } from 'redux-observable';
import { catchError, defer, groupBy, map, mergeMap, of, switchMap } from 'rxjs';
import { toFailure } from '@tessera/api';
import type { IdentityEpic } from '../epic';
import { requestsActions, type IdentityRequest } from './requests.slice';

/** Makes each requested call; a newer request of the same key replaces one still running. */
export const requestsEpic: IdentityEpic = (action$, _state$, { api, bus }) =>
  action$.pipe(
    ofType(requestsActions.requested.type),
    map((action) => (action as unknown as { payload: IdentityRequest }).payload),
    groupBy((request) => request.key),
    mergeMap((byKey) =>
      byKey.pipe(
        switchMap(({ key, call, args, toast }) =>
          defer(() => (api[call] as (...a: unknown[]) => Promise<unknown>)(...args)).pipe(
            map((data): Action => {
              if (toast?.success) bus.showToast({ type: 'success', title: toast.title, message: toast.success });
              return requestsActions.succeeded({ key, data: data ?? null });
            }),
            catchError((error: unknown) => {
              const failure = toFailure(error);
              if (toast?.failure) bus.showToast({ type: 'error', title: toast.title, message: toast.failure === true ? failure.message : toast.failure });
              return of(requestsActions.failed({ key, failure }));
            }),
          ),
        ),
      ),
    ),
  );
