import { ofType } from 'redux-observable';
import { catchError, exhaustMap, from, map, of, switchMap, tap } from 'rxjs';
import { PKI_MESSAGES } from '@tessera/domain';
import { failureOf, type CertificatesEpic } from '../epic';
import { saveCertificateFile } from '../view/saveCertificateFile';
import { keyRequestActions as A } from './keyRequest.slice';

/** GET CertificateTemplates for the template choice. */
export const keyRequestTemplatesEpic: CertificatesEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.templatesRequested.type),
    switchMap(() =>
      from(api.listCertificateTemplates()).pipe(
        map((answer) => A.templatesListed(answer.templates)),
        catchError((error: unknown) => of(A.templatesFailed({ message: failureOf(error).message }))),
      ),
    ),
  );

/** POST SubmitUserKeyRequest (or SubmitDeviceKeyRequest); a complete answer's PKCS#12 is saved at once and not kept in the store. */
export const submitKeyRequestEpic: CertificatesEpic = (action$, _state$, { api, bus }) =>
  action$.pipe(
    ofType(A.submitRequested.type),
    exhaustMap((action) => {
      const { kind, ...request } = (action as ReturnType<typeof A.submitRequested>).payload;
      return from(kind === 'device' ? api.submitDeviceKeyRequest(request) : api.submitUserKeyRequest(request)).pipe(
        tap(({ pkcs12, fileName }) => {
          if (pkcs12 && fileName) saveCertificateFile({ fileName, contentType: 'application/x-pkcs12', data: pkcs12 });
        }),
        tap((result) => {
          if (result.status === 'complete') bus.showToast({ type: 'success', title: PKI_MESSAGES.CERTIFICATE_ISSUED, message: result.certCN ?? '' });
          else bus.showToast({ type: 'error', title: 'The certificate was not issued', message: result.message ?? result.failureCode ?? '' });
        }),
        map(({ pkcs12: _file, ...result }) => A.submitted(result)),
        catchError((error: unknown) => of(A.submitFailed(failureOf(error)))),
      );
    }),
  );
