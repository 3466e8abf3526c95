import { ofType } from 'redux-observable';
import { catchError, concat, from, map, mergeMap, of, switchMap } from 'rxjs';
import { PKI_MESSAGES } from '@tessera/domain';
import { failureOf, type CertificatesEpic } from '../epic';
import { pendingRevocationsActions as A, pendingRevocationsSelectors } from './pendingRevocations.slice';

/** GET Revocations?state=pending,failed&certId. */
export const pendingRevocationsListEpic: CertificatesEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.listRequested.type),
    switchMap((action) => {
      const { certId } = (action as ReturnType<typeof A.listRequested>).payload;
      return from(api.listRevocations({ state: ['pending', 'failed'], certId })).pipe(
        map((answer) => A.listLoaded({ results: answer.results })),
        catchError((error: unknown) => of(A.listFailed({ message: failureOf(error).message }))),
      );
    }),
  );

/** ApproveRevocation (approve or deny) or CancelRevocation, a toast, then the list again. */
export const pendingRevocationsActEpic: CertificatesEpic = (action$, state$, { api, bus }) =>
  action$.pipe(
    ofType(A.actionRequested.type),
    mergeMap((action) => {
      const { revocationId, action: what } = (action as ReturnType<typeof A.actionRequested>).payload;
      const call = what === 'cancel' ? api.cancelRevocation(revocationId).then(() => null) : api.approveRevocation({ revocationId, approve: what === 'approve' });
      const certId = pendingRevocationsSelectors.select(state$.value as never).certId ?? '';
      return from(call).pipe(
        mergeMap((answer) => {
          if (what === 'cancel') bus.showToast({ type: 'success', title: PKI_MESSAGES.REVOCATION_CANCELLED, message: '' });
          else if (answer?.complete) bus.showToast({ type: 'success', title: PKI_MESSAGES.REVOKED, message: 'The CRL and OCSP answer revoked.' });
          else bus.showToast({ type: 'info', title: 'The revocation was denied.', message: '' });
          return concat(of(A.actionDone()), of(A.listRequested({ certId })));
        }),
        catchError((error: unknown) => {
          bus.showToast({ type: 'error', title: 'The revocation was not changed', message: failureOf(error).message });
          return of(A.actionDone());
        }),
      );
    }),
  );
