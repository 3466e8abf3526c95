import { ofType } from 'redux-observable';
import { catchError, EMPTY, exhaustMap, from, map, of, switchMap, tap } from 'rxjs';
import { MESSAGES, messageForErrorCode, type ErrorCode } from '@tessera/domain';
import type { SelfEpic } from '../epic';
import { changePasswordActions as A } from './changePassword.slice';

/** ChangePassword: success toast 'Password changed'; a refusal names its field. */
export const changePasswordEpic: SelfEpic = (action$, _state$, { api, bus }) =>
  action$.pipe(
    ofType(A.changeRequested.type),
    exhaustMap((action) =>
      from(api.changePassword((action as ReturnType<typeof A.changeRequested>).payload)).pipe(
        tap(() => bus.showToast({ type: 'success', title: MESSAGES.PASSWORD_CHANGED, message: '' })),
        map(() => A.changeSucceeded()),
        catchError((error: unknown) => {
          const { code, message, field } = error as { code?: string; message?: string; field?: string };
          return of(A.changeFailed({ message: message || messageForErrorCode((code ?? 'INTERNAL') as ErrorCode), field: field ?? null }));
        }),
      ),
    ),
  );

/** GET PasswordConfig for the hint under the new-password field (a failed fetch shows none). */
export const passwordConfigEpic: SelfEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.pageShown.type),
    switchMap(() =>
      from(api.passwordConfig()).pipe(
        map((config) => A.passwordConfigLoaded(config)),
        catchError(() => EMPTY),
      ),
    ),
  );
