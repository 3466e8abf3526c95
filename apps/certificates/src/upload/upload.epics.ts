import { ofType } from 'redux-observable';
import { catchError, exhaustMap, from, map, of, tap } from 'rxjs';
import { failureOf, type CertificatesEpic } from '../epic';
import { uploadActions as A } from './upload.slice';

/** POST UploadCertificate; the stored certificate is opened by the page, and a toast says so. */
export const uploadCertificateEpic: CertificatesEpic = (action$, _state$, { api, bus }) =>
  action$.pipe(
    ofType(A.uploadRequested.type),
    exhaustMap((action) =>
      from(api.uploadCertificate((action as ReturnType<typeof A.uploadRequested>).payload)).pipe(
        tap((certificate) => bus.showToast({ type: 'success', title: 'Certificate uploaded', message: certificate.cn || certificate.subject })),
        map((certificate) => A.uploaded(certificate)),
        catchError((error: unknown) => of(A.uploadFailed(failureOf(error)))),
      ),
    ),
  );
