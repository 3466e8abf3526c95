import { ofType } from 'redux-observable';
import { catchError, EMPTY, exhaustMap, from, map, of, switchMap, tap } from 'rxjs';
import type { Action } from '@reduxjs/toolkit';
import { MESSAGES } from '@tessera/domain';
import { failureText, type FidoEpic } from '../epic';
import { syncedActions as A } from './synced.slice';

/** GetFido2SyncedCredential; failure toast 'Failed to load FIDO credential' (signin §8). */
export const loadSyncedEpic: FidoEpic = (action$, _state$, { api, bus }) =>
  action$.pipe(
    ofType(A.syncedRequested.type),
    switchMap((action) =>
      from(api.getFido2SyncedCredential((action as ReturnType<typeof A.syncedRequested>).payload.credentialId)).pipe(
        map((credential): Action => A.syncedLoaded(credential)),
        catchError((error: unknown) => {
          bus.showToast({ type: 'error', title: MESSAGES.FIDO_LOAD_FAILED, message: failureText(error) });
          return of(A.syncedFailed());
        }),
      ),
    ),
  );

/** RenameFido2SyncedCredential: 'FIDO credential renamed' / 'Failed to rename FIDO credential'. */
export const renameSyncedEpic: FidoEpic = (action$, _state$, { api, bus }) =>
  action$.pipe(
    ofType(A.renameRequested.type),
    exhaustMap((action) => {
      const { credentialId, newCustomName } = (action as ReturnType<typeof A.renameRequested>).payload;
      return from(api.renameFido2SyncedCredential(credentialId, newCustomName)).pipe(
        tap(() => bus.showToast({ type: 'success', title: MESSAGES.FIDO_RENAMED, message: newCustomName })),
        map((credential): Action => A.syncedLoaded(credential)),
        catchError((error: unknown) => {
          bus.showToast({ type: 'error', title: MESSAGES.FIDO_RENAME_FAILED, message: failureText(error) });
          return EMPTY;
        }),
      );
    }),
  );

/** MarkFido2SyncedCredentialForDeletion: 'FIDO credential marked for deletion' / 'Failed to mark FIDO credential for deletion'. */
export const markSyncedEpic: FidoEpic = (action$, _state$, { api, bus }) =>
  action$.pipe(
    ofType(A.markRequested.type),
    exhaustMap((action) => {
      const { credentialId, markedForDeletion } = (action as ReturnType<typeof A.markRequested>).payload;
      return from(api.markFido2SyncedCredentialForDeletion(credentialId, markedForDeletion)).pipe(
        tap(() => {
          if (markedForDeletion) bus.showToast({ type: 'success', title: MESSAGES.FIDO_MARKED_FOR_DELETION, message: '' });
        }),
        map((credential): Action => A.syncedLoaded(credential)),
        catchError((error: unknown) => {
          bus.showToast({ type: 'error', title: MESSAGES.FIDO_MARK_FAILED, message: failureText(error) });
          return EMPTY;
        }),
      );
    }),
  );

/** DELETE Fido2SyncedCredential: 'FIDO credential deleted' / 'Failed to delete FIDO credential'. */
export const deleteSyncedEpic: FidoEpic = (action$, _state$, { api, bus }) =>
  action$.pipe(
    ofType(A.deleteRequested.type),
    exhaustMap((action) =>
      from(api.deleteFido2SyncedCredential((action as ReturnType<typeof A.deleteRequested>).payload.credentialId)).pipe(
        tap(() => bus.showToast({ type: 'success', title: MESSAGES.FIDO_DELETED, message: '' })),
        map((): Action => A.syncedDeleted()),
        catchError((error: unknown) => {
          bus.showToast({ type: 'error', title: MESSAGES.FIDO_DELETE_FAILED, message: failureText(error) });
          return EMPTY;
        }),
      ),
    ),
  );
