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
