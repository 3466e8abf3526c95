import { ofType } from 'redux-observable';
import { catchError, concat, exhaustMap, filter, from, map, of, switchMap, takeUntil, takeWhile, tap, timer } from 'rxjs';
import type { AcmeClientRun } from '@tessera/domain';
import { failureOf, type CertificatesEpic } from '../epic';
import { leUploadActions as A } from './leUpload.slice';

/** How often a running ACME client run is polled (ms). */
export const LE_UPLOAD_POLL_MS = 1000;

/** GET AcmeClientDomains when the page opens: the picker's names. */
export const leUploadDomainsEpic: CertificatesEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.opened.type),
    switchMap(() =>
      from(api.listAcmeClientDomains()).pipe(
        map((answer) => A.domainsLoaded(answer.domains)),
        catchError((error: unknown) => of(A.domainsFailed(failureOf(error)))),
      ),
    ),
  );

/**
 * POST AcmeClientOrder, then poll the run every second until it has succeeded or failed (each answer shows the
 * steps' progress); a toast tells the end. Leaving the page (opened again) stops the polling.
 */
export const leUploadStartEpic: CertificatesEpic = (action$, _state$, { api, bus }) =>
  action$.pipe(
    ofType(A.startRequested.type),
    exhaustMap((action) =>
      from(api.startAcmeClientOrder((action as ReturnType<typeof A.startRequested>).payload)).pipe(
        switchMap((started) =>
          concat(
            of(A.runUpdated(started)),
            timer(LE_UPLOAD_POLL_MS, LE_UPLOAD_POLL_MS).pipe(
              exhaustMap(() => from(api.getAcmeClientOrder(started.runId))),
              takeWhile((run: AcmeClientRun) => run.state === 'running', true),
              tap((run) => {
                if (run.state === 'succeeded') bus.showToast({ type: 'success', title: 'Certificate obtained', message: run.domain });
                if (run.state === 'failed') bus.showToast({ type: 'error', title: 'ACME order failed', message: run.error ?? run.domain });
              }),
              map((run) => A.runUpdated(run)),
              takeUntil(action$.pipe(filter((a) => a.type === A.opened.type))),
            ),
          ),
        ),
        catchError((error: unknown) => of(A.startFailed(failureOf(error)))),
      ),
    ),
  );
