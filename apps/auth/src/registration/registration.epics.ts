import { ofType } from 'redux-observable';
import { catchError, concat, EMPTY, exhaustMap, from, map, mergeMap, of, switchMap } from 'rxjs';
import { failedToVerifyEmail, MESSAGES } from '@tessera/domain';
import type { AuthEpic } from '../epic';
import { toFailure } from '../epic';
import { registrationActions as A } from './registration.slice';

/** Load the tenant's self-registration answer (`/register`). */
export const registrationConfigEpic: AuthEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.configRequested.type),
    switchMap(() =>
      from(api.registrationConfig()).pipe(
        map((config) => A.configLoaded(config)),
        catchError((error: unknown) => {
          const failure = toFailure(error);
          return of(A.configFailed({ code: failure.code, message: failure.message }));
        }),
      ),
    ),
  );

/** Send the address (`VerifyRegistrationEmail`); a failure reads 'Failed to verify email: {detail}' (signin §8). */
export const verifyRegistrationEmailEpic: AuthEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.verifyRequested.type),
    exhaustMap((action) =>
      from(api.verifyRegistrationEmail((action as ReturnType<typeof A.verifyRequested>).payload)).pipe(
        map(() => A.verifySent()),
        catchError((error: unknown) => {
          const failure = toFailure(error);
          return of(A.verifyFailed({ code: failure.code, message: failedToVerifyEmail(failure.message), ...(failure.field ? { field: failure.field } : {}) }));
        }),
      ),
    ),
  );

/** Check the mailed link, then fetch the password rules (a hint: a failed fetch shows none). */
export const emailLinkEpic: AuthEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.linkCheckRequested.type),
    switchMap((action) => {
      const { token, purpose } = (action as ReturnType<typeof A.linkCheckRequested>).payload;
      return from(api.validateEmailLink(token, purpose)).pipe(
        mergeMap((status) =>
          concat(
            of(A.linkValid(status)),
            from(api.passwordConfig()).pipe(
              map((config) => A.passwordConfigLoaded(config)),
              catchError(() => EMPTY),
            ),
          ),
        ),
        catchError((error: unknown) => of(A.linkInvalid({ code: toFailure(error).code, message: MESSAGES.EMAIL_LINK_INVALID }))),
      );
    }),
  );

const submitFailure = (error: unknown) => {
  const failure = toFailure(error);
  const message = failure.code === 'EMAIL_LINK_INVALID' ? MESSAGES.EMAIL_LINK_INVALID : failure.message;
  return of(A.submitFailed({ code: failure.code, message, ...(failure.field ? { field: failure.field } : {}) }));
};

/** Create the account (`/finish-register`). */
export const finishRegistrationEpic: AuthEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.finishSubmitted.type),
    exhaustMap((action) =>
      from(api.finishRegistration((action as ReturnType<typeof A.finishSubmitted>).payload)).pipe(
        map(() => A.submitSucceeded()),
        catchError(submitFailure),
      ),
    ),
  );

/** Set the first password (`/activateaccount/{token}`). */
export const activateAccountEpic: AuthEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.activateSubmitted.type),
    exhaustMap((action) =>
      from(api.activateAccount((action as ReturnType<typeof A.activateSubmitted>).payload)).pipe(
        map(() => A.submitSucceeded()),
        catchError(submitFailure),
      ),
    ),
  );
