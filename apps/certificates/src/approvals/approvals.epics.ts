import { ofType } from 'redux-observable';
import { catchError, from, map, mergeMap, of, switchMap } from 'rxjs';
import { PKI_MESSAGES } from '@tessera/domain';
import { failureOf, type CertificatesEpic } from '../epic';
import { approvalsActions as A } from './approvals.slice';

/** GET CertificateRequests (those awaiting approval). */
export const approvalsListEpic: CertificatesEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.listRequested.type),
    switchMap(() =>
      from(api.listCertificateRequests()).pipe(
        map((answer) => A.listLoaded({ requests: answer.requests })),
        catchError((error: unknown) => of(A.listFailed({ message: failureOf(error).message }))),
      ),
    ),
  );

/** POST ApproveCertificateRequest; the outcome is a toast, and the request leaves the list once decided. */
export const approvalsDecideEpic: CertificatesEpic = (action$, _state$, { api, bus }) =>
  action$.pipe(
    ofType(A.decisionRequested.type),
    mergeMap((action) => {
      const { requestId, approve } = (action as ReturnType<typeof A.decisionRequested>).payload;
      return from(api.approveCertificateRequest({ requestId, approve })).pipe(
        map((answer) => {
          if (answer.status === 'complete') bus.showToast({ type: 'success', title: PKI_MESSAGES.CERTIFICATE_ISSUED, message: answer.certCN ?? '' });
          else bus.showToast({ type: answer.failureCode === 'REQUEST_DENIED' ? 'info' : 'error', title: PKI_MESSAGES.REQUEST_DENIED, message: answer.failureCode === 'REQUEST_DENIED' ? '' : (answer.message ?? answer.failureCode ?? '') });
          return A.decided({ requestId });
        }),
        catchError((error: unknown) => {
          bus.showToast({ type: 'error', title: 'The request was not decided', message: failureOf(error).message });
          return of(A.decisionFailed());
        }),
      );
    }),
  );
