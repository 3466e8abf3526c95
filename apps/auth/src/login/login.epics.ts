import { ofType } from 'redux-observable';
import { catchError, distinctUntilChanged, exhaustMap, filter, from, map, of, type Observable } from 'rxjs';
import type { Action } from '@reduxjs/toolkit';
import { MESSAGES, messageForErrorCode, type ErrorCode, type LoginResponse } from '@tessera/domain';
import type { AuthEpic, AuthEpicDependencies } from '../epic';
import { toFailure } from '../epic';
import { navigate } from '../navigation/followLink';
import { afterSignInPath } from '../navigation/safeRedirect';
import { loginActions } from './login.slice';

/** The text shown for a refused sign-in (signin §8; throttling text from the server, docs/api.md). */
export function loginFailureMessage(error: unknown): { code: string; message: string } {
  const failure = toFailure(error);
  switch (failure.code) {
    case 'INVALID_CREDENTIALS':
      return { code: failure.code, message: MESSAGES.INVALID_CREDENTIALS };
    case 'LOGIN_THROTTLED':
    case 'TOO_MANY_REQUESTS':
      return { code: failure.code, message: failure.message || messageForErrorCode(failure.code) };
    default:
      return { code: failure.code, message: failure.message || messageForErrorCode(failure.code as ErrorCode) };
  }
}

/**
 * Completes a sign-in whose password was accepted: with no further authentication, publish
 * `signedIn` on the bus and go to the guarded redirect target (else /home). A further
 * authentication type this console cannot do yet fails with 'Unknown Further Authentication Type'.
 */
export function finishSignIn(response: LoginResponse, redirect: string | null, bus: AuthEpicDependencies['bus']): Observable<Action> {
  if (response.furtherAuthenticationRequired.length > 0 || !response.viewer) {
    return of(loginActions.loginFailed({ code: 'UNKNOWN_FURTHER_AUTHENTICATION', message: MESSAGES.UNKNOWN_FURTHER_AUTHENTICATION }));
  }
  bus.signedIn(response.viewer, response.session);
  navigate(afterSignInPath(redirect, window.location.origin));
  return of(loginActions.loginSucceeded());
}

/** Sign-in: `POST login` with the trimmed username; one attempt at a time. */
export const loginEpic: AuthEpic = (action$, _state$, { api, bus }) =>
  action$.pipe(
    ofType(loginActions.loginRequested.type),
    map((action) => (action as ReturnType<typeof loginActions.loginRequested>).payload),
    exhaustMap(({ username, password, redirect }) =>
      from(api.login({ username, password })).pipe(
        exhaustMap((response) => finishSignIn(response, redirect, bus)),
        catchError((error: unknown) => of(loginActions.loginFailed(loginFailureMessage(error)))),
      ),
    ),
  );

/** LOGIN_ACTIVE / LOGIN_INACTIVE from the session on the bus. */
export const loginSessionEpic: AuthEpic = (_action$, _state$, { bus }) =>
  bus.session$.pipe(
    map((session) => session.status),
    distinctUntilChanged(),
    filter((status) => status !== 'loading'),
    map((status): Action => (status === 'signedIn' ? loginActions.loginActive() : loginActions.loginInactive())),
  );
