import { ofType } from 'redux-observable';
import { catchError, EMPTY, exhaustMap, from, map, mergeMap, of, switchMap, tap } from 'rxjs';
import type { Action } from '@reduxjs/toolkit';
import { startRegistration } from '@simplewebauthn/browser';
import { MESSAGES, type WebAuthnOptionsJson, type WebAuthnResponseJson } from '@tessera/domain';
import { failureText, type FidoEpic } from '../epic';
import { passkeysActions as A } from './passkeys.slice';

const browserRegistration = async (optionsJSON: WebAuthnOptionsJson): Promise<WebAuthnResponseJson> =>
  (await startRegistration({ optionsJSON: optionsJSON as never })) as unknown as WebAuthnResponseJson;

const isAbort = (error: unknown) => error instanceof Error && error.name === 'AbortError';

/** ListFido2RegisteredCredentials; a failure toasts 'Could not load passkeys'. */
export const listPasskeysEpic: FidoEpic = (action$, _state$, { api, bus }) =>
  action$.pipe(
    ofType(A.passkeysRequested.type),
    mergeMap((action) => {
      const { userId } = (action as ReturnType<typeof A.passkeysRequested>).payload;
      return from(api.listFido2RegisteredCredentials(userId)).pipe(
        map((details): Action => A.passkeysLoaded({ userId, details })),
        catchError((error: unknown) => {
          bus.showToast({ type: 'error', title: MESSAGES.PASSKEY_LIST_FAILED, message: failureText(error) });
          return of(A.passkeysFailed({ userId }));
        }),
      );
    }),
  );

/** Prepare → browser ceremony (user verification required) → Finish; toasts created or failed. */
export const createPasskeyEpic: FidoEpic = (action$, _state$, { api, bus, startRegistration: ceremony = browserRegistration }) =>
  action$.pipe(
    ofType(A.createRequested.type),
    // A new request replaces the running ceremony; the library aborts the previous one (AbortError).
    switchMap((action) => {
      const { userId, customName } = (action as ReturnType<typeof A.createRequested>).payload;
      return from(
        (async () => {
          const options = await api.prepareFido2Registration(userId);
          const response = await ceremony(options);
          return api.finishFido2Registration(response, customName);
        })(),
      ).pipe(
        tap(() => bus.showToast({ type: 'success', title: MESSAGES.PASSKEY_CREATED, message: customName })),
        map((credential): Action => A.created({ userId, credential })),
        catchError((error: unknown) => {
          // Cancelled, not failed: no toast. A newer request of this epic has already unsubscribed
          // from this one, so an AbortError seen here came from another ceremony on the page, and
          // nothing else would clear creatingFor (the Create button would keep spinning).
          if (isAbort(error)) return of(A.createFailed());
          bus.showToast({ type: 'error', title: MESSAGES.PASSKEY_CREATE_FAILED, message: failureText(error) });
          return of(A.createFailed());
        }),
      );
    }),
  );

/** RenameFido2RegisteredCredential. */
export const renamePasskeyEpic: FidoEpic = (action$, _state$, { api, bus }) =>
  action$.pipe(
    ofType(A.renameRequested.type),
    mergeMap((action) => {
      const { userId, id, newCustomName } = (action as ReturnType<typeof A.renameRequested>).payload;
      return from(api.renameFido2RegisteredCredential(userId, id, newCustomName)).pipe(
        tap(() => bus.showToast({ type: 'success', title: MESSAGES.PASSKEY_RENAMED, message: newCustomName })),
        map((credential): Action => A.renamed({ userId, credential })),
        catchError((error: unknown) => {
          bus.showToast({ type: 'error', title: MESSAGES.PASSKEY_RENAME_FAILED, message: failureText(error) });
          return EMPTY;
        }),
      );
    }),
  );

/** DeleteFido2RegisteredCredential. */
export const deletePasskeyEpic: FidoEpic = (action$, _state$, { api, bus }) =>
  action$.pipe(
    ofType(A.deleteRequested.type),
    exhaustMap((action) => {
      const { userId, id } = (action as ReturnType<typeof A.deleteRequested>).payload;
      return from(api.deleteFido2RegisteredCredential(userId, id)).pipe(
        tap(() => bus.showToast({ type: 'success', title: MESSAGES.PASSKEY_DELETED, message: '' })),
        map((): Action => A.deleted({ userId, id })),
        catchError((error: unknown) => {
          bus.showToast({ type: 'error', title: MESSAGES.PASSKEY_DELETE_FAILED, message: failureText(error) });
          return EMPTY;
        }),
      );
    }),
  );
