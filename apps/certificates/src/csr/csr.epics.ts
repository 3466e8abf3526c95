import { ofType } from 'redux-observable';
import { catchError, exhaustMap, from, map, of, switchMap, tap } from 'rxjs';
import { PKI_MESSAGES } from '@tessera/domain';
import { failureOf, type CertificatesEpic } from '../epic';
import { csrActions as A } from './csr.slice';

/** GET CertificateTemplates for the template choice. */
export const csrTemplatesEpic: CertificatesEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.templatesRequested.type),
    switchMap(() =>
      from(api.listCertificateTemplates()).pipe(
        map((answer) => A.templatesListed(answer.templates)),
        catchError((error: unknown) => of(A.templatesFailed({ message: failureOf(error).message }))),
      ),
    ),
  );

/** POST SubmitUserCSR / SubmitDeviceCSR; the outcome of the request flow is shown on the page and in a toast. */
export const submitCsrEpic: CertificatesEpic = (action$, _state$, { api, bus }) =>
  action$.pipe(
    ofType(A.submitRequested.type),
    exhaustMap((action) => {
      const { kind, request } = (action as ReturnType<typeof A.submitRequested>).payload;
      return from(kind === 'user' ? api.submitUserCsr(request) : api.submitDeviceCsr(request)).pipe(
        tap((result) => {
          if (result.status === 'complete') bus.showToast({ type: 'success', title: PKI_MESSAGES.CERTIFICATE_ISSUED, message: result.certCN ?? '' });
          else if (result.status === 'pending') bus.showToast({ type: 'info', title: PKI_MESSAGES.REQUEST_PENDING_APPROVAL, message: '' });
          else bus.showToast({ type: 'error', title: 'The certificate was not issued', message: result.message ?? result.failureCode ?? '' });
        }),
        map((result) => A.submitted(result)),
        catchError((error: unknown) => {
          const failure = failureOf(error);
          bus.showToast({ type: 'error', title: 'The certificate was not issued', message: failure.message });
          return of(A.submitFailed(failure));
        }),
      );
    }),
  );
