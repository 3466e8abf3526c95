import type { Action } from '@reduxjs/toolkit';
import { ofType } from 'redux-observable';
import { catchError, concat, defer, exhaustMap, from, map, mergeMap, of, switchMap } from 'rxjs';
import { messageForErrorCode, type ErrorCode } from '@tessera/domain';
import { toFailure, type AuthEpic } from '../epic';
import { bootstrapActions } from './bootstrap.slice';
import type { BootstrapField } from './validateBootstrapForm';
import { navigate } from '@tessera/ui';

const FIELDS: readonly BootstrapField[] = ['tenantName', 'username', 'password', 'emailAddress'];

/** Whether the server is still in bootstrap mode. */
export const bootstrapStatusEpic: AuthEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(bootstrapActions.statusRequested.type),
    switchMap(() =>
      from(api.bootstrapStatus()).pipe(
        map((status): Action => bootstrapActions.statusLoaded({ bootstrapMode: status.bootstrapMode })),
        catchError((error: unknown) => of(bootstrapActions.statusFailed({ message: toFailure(error).message }))),
      ),
    ),
  );

/**
 * First-run setup (ARCHITECTURE "First run"): `POST Bootstrap`, then sign the new administrator in
 * with the same credentials, publish `signedIn` and go to /home. A 400 lands on its field; 403
 * BOOTSTRAP_DONE means someone finished setup meanwhile. If the sign-in after setup fails, the user
 * goes to /login.
 */
export const bootstrapSetupEpic: AuthEpic = (action$, _state$, { api, bus }) =>
  action$.pipe(
    ofType(bootstrapActions.setupRequested.type),
    map((action) => (action as ReturnType<typeof bootstrapActions.setupRequested>).payload),
    exhaustMap((request) =>
      from(api.bootstrap(request)).pipe(
        mergeMap(() =>
          concat(
            of<Action>(bootstrapActions.setupSucceeded()),
            from(api.login({ username: request.username.trim(), password: request.password })).pipe(
              mergeMap((response) =>
                defer(() => {
                  if (response.viewer && response.furtherAuthenticationRequired.length === 0) {
                    bus.signedIn(response.viewer, response.session);
                    navigate('/home');
                  } else {
                    navigate('/login');
                  }
                  return of<Action>(bootstrapActions.setupComplete());
                }),
              ),
              catchError(() =>
                defer(() => {
                  navigate('/login');
                  return of<Action>(bootstrapActions.setupComplete());
                }),
              ),
            ),
          ),
        ),
        catchError((error: unknown) => {
          const failure = toFailure(error);
          if (failure.code === 'BOOTSTRAP_DONE') return of<Action>(bootstrapActions.setupComplete());
          const field = FIELDS.find((f) => f === failure.field);
          if (failure.code === 'VALIDATION' && field) return of<Action>(bootstrapActions.fieldErrorsFound({ [field]: failure.message }));
          return of<Action>(bootstrapActions.setupFailed({ message: failure.message || messageForErrorCode(failure.code as ErrorCode) }));
        }),
      ),
    ),
  );
