import { ofType } from 'redux-observable';
import { catchError, exhaustMap, from, map, mergeMap, of, tap } from 'rxjs';
import type { Action } from '@reduxjs/toolkit';
import { MESSAGES } from '@tessera/domain';
import { failureText, type FidoEpic } from '../epic';
import { mfaActions as A } from './mfa.slice';

const fail = (error: unknown) => of(A.failed(failureText(error)));

/** MfaStatus (own) or UserMfaStatus (another user's, userView). */
export const mfaStatusEpic: FidoEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.statusRequested.type),
    mergeMap((action) => {
      const { userId, own } = (action as ReturnType<typeof A.statusRequested>).payload;
      return from(own ? api.mfaStatus() : api.userMfaStatus(userId)).pipe(
        map((status): Action => A.statusLoaded({ userId, status })),
        catchError(fail),
      );
    }),
  );

/** MfaEnrol: a new secret, QR code and recovery codes. */
export const mfaEnrolEpic: FidoEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.enrolRequested.type),
    exhaustMap((action) =>
      from(api.mfaEnrol((action as ReturnType<typeof A.enrolRequested>).payload.password)).pipe(
        map((enrolment): Action => A.enrolmentStarted(enrolment)),
        catchError(fail),
      ),
    ),
  );

/** MfaConfirm: the first code enables MFA; toast 'Two-factor authentication enabled'. */
export const mfaConfirmEpic: FidoEpic = (action$, _state$, { api, bus }) =>
  action$.pipe(
    ofType(A.confirmRequested.type),
    exhaustMap((action) => {
      const { userId, passcode } = (action as ReturnType<typeof A.confirmRequested>).payload;
      return from(api.mfaConfirm(passcode.trim())).pipe(
        tap(() => bus.showToast({ type: 'success', title: MESSAGES.MFA_ENABLED, message: '' })),
        map((status): Action => A.confirmed({ userId, status })),
        catchError(fail),
      );
    }),
  );

/** MfaDisable; toast 'Two-factor authentication disabled'. */
export const mfaDisableEpic: FidoEpic = (action$, _state$, { api, bus }) =>
  action$.pipe(
    ofType(A.disableRequested.type),
    exhaustMap((action) => {
      const { userId, password } = (action as ReturnType<typeof A.disableRequested>).payload;
      return from(api.mfaDisable(password)).pipe(
        tap(() => bus.showToast({ type: 'success', title: MESSAGES.MFA_DISABLED, message: '' })),
        map((status): Action => A.statusLoaded({ userId, status })),
        catchError(fail),
      );
    }),
  );

/** MfaRecoveryCodes: new codes, the old ones stop working. */
export const mfaRecoveryCodesEpic: FidoEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.recoveryCodesRequested.type),
    exhaustMap((action) =>
      from(api.mfaRecoveryCodes((action as ReturnType<typeof A.recoveryCodesRequested>).payload.password)).pipe(
        map((answer): Action => A.recoveryCodesIssued(answer.recovery_codes)),
        catchError(fail),
      ),
    ),
  );

/** ResetUserMfa (userEdit, audited); toast 'Two-factor authentication reset'. */
export const mfaResetEpic: FidoEpic = (action$, _state$, { api, bus }) =>
  action$.pipe(
    ofType(A.resetRequested.type),
    exhaustMap((action) => {
      const { userId } = (action as ReturnType<typeof A.resetRequested>).payload;
      return from(api.resetUserMfa(userId)).pipe(
        tap(() => bus.showToast({ type: 'success', title: MESSAGES.MFA_RESET, message: '' })),
        map((): Action => A.statusRequested({ userId, own: false })),
        catchError(fail),
      );
    }),
  );

/** TenantMfaPolicy (tenancyConfig, audited); toast 'Two-factor authentication policy saved', then the status again. */
export const mfaPolicyEpic: FidoEpic = (action$, _state$, { api, bus }) =>
  action$.pipe(
    ofType(A.policyRequested.type),
    exhaustMap((action) => {
      const { userId, isRequired } = (action as ReturnType<typeof A.policyRequested>).payload;
      return from(api.setTenantMfaPolicy(isRequired)).pipe(
        tap(() => bus.showToast({ type: 'success', title: MESSAGES.MFA_POLICY_SAVED, message: '' })),
        map((): Action => A.statusRequested({ userId, own: true })),
        catchError(fail),
      );
    }),
  );
