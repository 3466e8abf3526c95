import { ofType } from 'redux-observable';
import { catchError, concat, distinctUntilChanged, exhaustMap, filter, from, ignoreElements, map, mergeMap, of, takeUntil, tap, type Observable } from 'rxjs';
import type { Action } from '@reduxjs/toolkit';
import { MESSAGES, messageForErrorCode, type ErrorCode, type LoginResponse } from '@tessera/domain';
import type { AuthEpic, AuthEpicDependencies } from '../epic';
import { passkeysOf } from '../epic';
import { toFailure } from '../epic';
import { afterSignInPath } from '../navigation/safeRedirect';
import { loginActions } from './login.slice';
import { navigate } from '@tessera/ui';

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

/** Further authentication types this console completes (signin §4). */
const KNOWN_FURTHER_AUTHENTICATION: readonly string[] = ['TOTP'];

/**
 * Completes a sign-in whose password was accepted (signin §4): TOTP required → a token is requested,
 * after showing the enrolment (QR, secret, recovery codes) when the answer carries one; no further
 * authentication → publish `signedIn` on the bus and go to the guarded redirect target (else /home);
 * an unknown type fails with 'Unknown Further Authentication Type'.
 */
export function finishSignIn(response: LoginResponse, redirect: string | null, bus: AuthEpicDependencies['bus']): Observable<Action> {
  const further = response.furtherAuthenticationRequired as readonly string[];
  if (further.some((type) => !KNOWN_FURTHER_AUTHENTICATION.includes(type))) {
    return of(loginActions.loginFailed({ code: 'UNKNOWN_FURTHER_AUTHENTICATION', message: MESSAGES.UNKNOWN_FURTHER_AUTHENTICATION }));
  }
  if (further.includes('TOTP')) {
    const enrolment = response.enrolment?.qr
      ? { qr: response.enrolment.qr, secret: response.enrolment.secret, recoveryCodes: response.enrolment.recovery_codes }
      : null;
    return of(loginActions.tokenRequested({ enrolment }));
  }
  if (!response.viewer) {
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

/** The text shown for a refused code (signin §8 'Failed to validate MFA token'; throttling text from the server). */
export function otpFailureMessage(error: unknown): { code: string; message: string } {
  const failure = toFailure(error);
  if (failure.code === 'LOGIN_THROTTLED' || failure.code === 'TOO_MANY_REQUESTS') return { code: failure.code, message: failure.message || messageForErrorCode(failure.code) };
  if (failure.code === 'NOT_LOGGED_IN') return { code: failure.code, message: MESSAGES.MFA_TOKEN_INVALID };
  return { code: failure.code, message: MESSAGES.MFA_TOKEN_INVALID };
}

/** TOTPAuth: a code (or recovery code) completes the pending sign-in; one attempt at a time. */
export const totpEpic: AuthEpic = (action$, state$, { api, bus }) =>
  action$.pipe(
    ofType(loginActions.otpSubmitted.type),
    map((action) => (action as ReturnType<typeof loginActions.otpSubmitted>).payload.passcode.trim()),
    exhaustMap((passcode) =>
      from(api.totpAuth(passcode)).pipe(
        exhaustMap((response) => {
          const redirect = (state$.value as { authLogin?: { redirect: string | null } }).authLogin?.redirect ?? null;
          return concat(of(loginActions.otpVerified()), finishSignIn(response, redirect, bus));
        }),
        catchError((error: unknown) => of(loginActions.otpFailed(otpFailureMessage(error)))),
      ),
    ),
  );

const isAbortError = (error: unknown) => error instanceof Error && error.name === 'AbortError';

/**
 * Passkey sign-in (signin §4): each request runs its own ceremony; a newer one aborts the previous
 * (AbortError → passkeyCeremonyAborted). The assertion goes to FinishFido2Authentication; the answer
 * completes the sign-in like a password login. A failed modal ceremony shows 'Passkey sign-in failed'.
 */
export const passkeySignInEpic: AuthEpic = (action$, _state$, deps) =>
  action$.pipe(
    ofType(loginActions.passkeySignInRequested.type),
    map((action) => (action as ReturnType<typeof loginActions.passkeySignInRequested>).payload),
    mergeMap(({ conditional, redirect }) =>
      from(passkeysOf(deps).assert({ conditional })).pipe(
        exhaustMap((assertion) => from(deps.api.finishFido2Authentication(assertion))),
        exhaustMap((response) => finishSignIn(response, redirect, deps.bus)),
        catchError((error: unknown) => {
          if (isAbortError(error)) return of(loginActions.passkeyCeremonyAborted());
          // The autofill request runs by itself on load: whatever ends it (dismissed, unsupported, an
          // address where passkeys cannot work), the user did not ask for it, so nothing is shown.
          if (conditional) return of(loginActions.passkeyCeremonyEnded());
          const failure = toFailure(error);
          return of(loginActions.loginFailed({ code: failure.code, message: `${MESSAGES.PASSKEY_SIGNIN_FAILED}: ${passkeyFailureText(error, failure.message)}` }));
        }),
        takeUntil(action$.pipe(ofType(loginActions.loginPageLeft.type))),
      ),
    ),
  );

/** Leaving the sign-in page cancels a pending ceremony, so the next WebAuthn call is not refused. */
export const passkeyCancelEpic: AuthEpic = (action$, _state$, deps) =>
  action$.pipe(
    ofType(loginActions.loginPageLeft.type),
    tap(() => passkeysOf(deps).cancel?.()),
    ignoreElements(),
  );

/**
 * The reason a person reads: at an IP address the browser refuses passkeys (an IP address is not a
 * valid WebAuthn RP ID), so say where they work instead of the browser's "is an invalid domain".
 */
export function passkeyFailureText(error: unknown, fallback: string, hostname: string = globalThis.location?.hostname ?? ''): string {
  const ipAddress = /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || hostname.startsWith('[');
  if (error instanceof Error && error.name === 'SecurityError' && ipAddress) return 'passkeys work only when the console is opened by name (such as localhost), not at an IP address';
  return fallback;
}

/** LOGIN_ACTIVE / LOGIN_INACTIVE from the session on the bus. */
export const loginSessionEpic: AuthEpic = (_action$, _state$, { bus }) =>
  bus.session$.pipe(
    map((session) => session.status),
    distinctUntilChanged(),
    filter((status) => status !== 'loading'),
    map((status): Action => (status === 'signedIn' ? loginActions.loginActive() : loginActions.loginInactive())),
  );
