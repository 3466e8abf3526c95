import { ofType } from 'redux-observable';
import { catchError, concat, EMPTY, exhaustMap, from, map, mergeMap, of, switchMap } from 'rxjs';
import { MESSAGES } from '@tessera/domain';
import type { AuthEpic } from '../epic';
import { toFailure } from '../epic';
import { passwordResetActions as A } from './passwordReset.slice';

/** Request a reset link. */
export const resetLinkEpic: AuthEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.resetLinkRequested.type),
    exhaustMap((action) =>
      from(api.forgotPassword((action as ReturnType<typeof A.resetLinkRequested>).payload.emailAddress)).pipe(
        map(() => A.resetLinkSent()),
        catchError((error: unknown) => {
          const failure = toFailure(error);
          return of(A.resetLinkFailed({ code: failure.code, message: failure.code === 'VALIDATION' ? failure.message : MESSAGES.RESET_LINK_FAILED }));
        }),
      ),
    ),
  );

/** Validate the link of the mail. */
export const validateLinkEpic: AuthEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.linkValidationRequested.type),
    switchMap((action) =>
      from(api.validateResetToken((action as ReturnType<typeof A.linkValidationRequested>).payload.token)).pipe(
        mergeMap((status) =>
          concat(
            of(A.linkValidated({ username: status.username })),
            // The rules are a hint; the server checks them anyway, so a failed fetch shows none.
            from(api.passwordConfig()).pipe(
              map((config) => A.passwordConfigLoaded(config)),
              catchError(() => EMPTY),
            ),
          ),
        ),
        catchError((error: unknown) => of(A.linkInvalid({ code: toFailure(error).code, message: MESSAGES.RESET_LINK_INVALID }))),
      ),
    ),
  );

/** Set the new password. */
export const resetPasswordEpic: AuthEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.resetSubmitted.type),
    exhaustMap((action) => {
      const { token, newPassword } = (action as ReturnType<typeof A.resetSubmitted>).payload;
      return from(api.resetPassword(token, newPassword)).pipe(
        map(() => A.resetSucceeded()),
        catchError((error: unknown) => {
          const failure = toFailure(error);
          const message = failure.code === 'RESET_TOKEN_INVALID' ? MESSAGES.RESET_LINK_INVALID : failure.message;
          return of(A.resetFailed({ code: failure.code, message, ...(failure.field ? { field: failure.field } : {}) }));
        }),
      );
    }),
  );
