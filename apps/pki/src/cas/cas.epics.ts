import { ofType } from 'redux-observable';
import { catchError, exhaustMap, from, map, of, switchMap, tap } from 'rxjs';
import { PKI_MESSAGES } from '@tessera/domain';
import { failureOf, type PkiEpic } from '../epic';
import { casActions as A } from './cas.slice';

/** GET CertificateAuthorities when a CA page or the visualiser is shown. */
export const listCasEpic: PkiEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.listRequested.type),
    switchMap(() =>
      from(api.listCertificateAuthorities()).pipe(
        map((answer) => A.listed(answer.cas)),
        catchError((error: unknown) => of(A.listFailed({ message: failureOf(error).message }))),
      ),
    ),
  );

/** POST CertificateAuthority; a toast either way, the refusal keeps the field it names. */
export const createCaEpic: PkiEpic = (action$, _state$, { api, bus }) =>
  action$.pipe(
    ofType(A.createRequested.type),
    exhaustMap((action) =>
      from(api.createCertificateAuthority((action as ReturnType<typeof A.createRequested>).payload)).pipe(
        tap((ca) => bus.showToast({ type: 'success', title: PKI_MESSAGES.CA_CREATED, message: ca.friendlyName })),
        map((ca) => A.created(ca)),
        catchError((error: unknown) => {
          const failure = failureOf(error);
          bus.showToast({ type: 'error', title: 'The certificate authority was not created', message: failure.message });
          return of(A.createFailed(failure));
        }),
      ),
    ),
  );

/** POST ImportCertificateAuthority; a toast either way, the refusal keeps the field it names. */
export const importCaEpic: PkiEpic = (action$, _state$, { api, bus }) =>
  action$.pipe(
    ofType(A.importRequested.type),
    exhaustMap((action) =>
      from(api.importCertificateAuthority((action as ReturnType<typeof A.importRequested>).payload)).pipe(
        tap((ca) => bus.showToast({ type: 'success', title: PKI_MESSAGES.CA_IMPORTED, message: ca.friendlyName })),
        map((ca) => A.imported(ca)),
        catchError((error: unknown) => {
          const failure = failureOf(error);
          bus.showToast({ type: 'error', title: 'The certificate authority was not imported', message: failure.message });
          return of(A.importFailed(failure));
        }),
      ),
    ),
  );

/** PUT CertificateAuthorityLicensing; a toast either way. */
export const caLicensingEpic: PkiEpic = (action$, _state$, { api, bus }) =>
  action$.pipe(
    ofType(A.licensingRequested.type),
    exhaustMap((action) =>
      from(api.updateCaLicensing((action as ReturnType<typeof A.licensingRequested>).payload)).pipe(
        tap((ca) => bus.showToast({ type: 'success', title: PKI_MESSAGES.CA_LICENSING_SAVED, message: ca.friendlyName })),
        map((ca) => A.licensingSaved(ca)),
        catchError((error: unknown) => {
          const failure = failureOf(error);
          bus.showToast({ type: 'error', title: 'The licensing was not saved', message: failure.message });
          return of(A.licensingFailed(failure));
        }),
      ),
    ),
  );
