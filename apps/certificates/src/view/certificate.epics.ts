import { ofType } from 'redux-observable';
import { EMPTY, catchError, concat, exhaustMap, from, map, mergeMap, of, switchMap, tap } from 'rxjs';
import { PKI_MESSAGES } from '@tessera/domain';
import { failureOf, type CertificatesEpic } from '../epic';
import { certificateActions as A } from './certificate.slice';
import { saveCertificateFile } from './saveCertificateFile';

/** GET Certificate?certId. */
export const loadCertificateEpic: CertificatesEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.loadRequested.type),
    switchMap((action) =>
      from(api.getCertificate((action as ReturnType<typeof A.loadRequested>).payload.certId)).pipe(
        map((details) => A.loaded(details)),
        catchError((error: unknown) => of(A.loadFailed({ message: failureOf(error).message }))),
      ),
    ),
  );

/** GET CertificateInfo?certId beside the details (a failure leaves the info out; the details say why they failed). */
export const loadCertificateInfoEpic: CertificatesEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.loadRequested.type),
    switchMap((action) =>
      from(api.getCertificateInfo((action as ReturnType<typeof A.loadRequested>).payload.certId)).pipe(
        map((info) => A.infoLoaded(info)),
        catchError(() => EMPTY),
      ),
    ),
  );

/** GET CertificateEndpoints?certId: the device endpoints where the certificate was last seen (a failure leaves the section out). */
export const loadCertificateEndpointsEpic: CertificatesEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.loadRequested.type),
    switchMap((action) =>
      from(api.certificateEndpoints((action as ReturnType<typeof A.loadRequested>).payload.certId)).pipe(
        map((endpoints) => A.seenAtLoaded(endpoints)),
        catchError(() => EMPTY),
      ),
    ),
  );

/** GET CertificateDownload and hand the bytes to the browser as a file. */
export const downloadCertificateEpic: CertificatesEpic = (action$, _state$, { api, bus }) =>
  action$.pipe(
    ofType(A.downloadRequested.type),
    mergeMap((action) => {
      const { certId, format } = (action as ReturnType<typeof A.downloadRequested>).payload;
      return from(api.downloadCertificate(certId, format)).pipe(
        tap((file) => saveCertificateFile(file)),
        mergeMap(() => EMPTY),
        catchError((error: unknown) => {
          bus.showToast({ type: 'error', title: 'The certificate was not downloaded', message: failureOf(error).message });
          return EMPTY;
        }),
      );
    }),
  );

/**
 * POST RevokeCertificate (admin-console §4: status and certificateIsOnline are read, otherwise failureCode); the
 * certificate is read again so its status and revocation reason show.
 */
export const revokeCertificateEpic: CertificatesEpic = (action$, _state$, { api, bus }) =>
  action$.pipe(
    ofType(A.revokeRequested.type),
    exhaustMap((action) => {
      const { certId, ...request } = (action as ReturnType<typeof A.revokeRequested>).payload;
      return from(api.revokeCertificate(request)).pipe(
        mergeMap((answer) => {
          if (answer.status === 'ok') bus.showToast({ type: 'success', title: PKI_MESSAGES.REVOKED, message: answer.certificateIsOnline ? 'The CRL and OCSP answer revoked.' : '' });
          else if (answer.status === 'pending') bus.showToast({ type: 'info', title: PKI_MESSAGES.REVOCATION_PENDING, message: '' });
          else bus.showToast({ type: 'error', title: 'The certificate was not revoked', message: answer.failureCode ?? '' });
          return concat(of(A.revokeAnswered(answer)), of(A.loadRequested({ certId })));
        }),
        catchError((error: unknown) => {
          const { message } = failureOf(error);
          bus.showToast({ type: 'error', title: 'The certificate was not revoked', message });
          return of(A.revokeFailed({ message }));
        }),
      );
    }),
  );
