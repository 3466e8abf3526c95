import { ofType } from 'redux-observable';
import { catchError, from, map, mergeMap, of, switchMap, tap, forkJoin } from 'rxjs';
import { ENROLMENT_MESSAGES } from '@tessera/domain';
import { failureOf, type CertificatesEpic } from '../epic';
import { scepActions as A } from './scep.slice';

/** Loads the templates and a page of challenges (server-side paging and search). */
export const scepPageEpic: CertificatesEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.pageRequested.type),
    switchMap((action) => {
      const { page, search } = (action as ReturnType<typeof A.pageRequested>).payload;
      return forkJoin({ templates: from(api.listCertificateTemplates()), challenges: from(api.listScepChallenges({ page, ...(search ? { search } : {}) })) }).pipe(
        map(({ templates, challenges }) => A.loaded({ templates: templates.templates, challenges })),
        catchError((error: unknown) => of(A.loadFailed({ message: failureOf(error).message }))),
      );
    }),
  );

/** Creates a challenge, toasts, and reloads the first page. */
export const scepCreateEpic: CertificatesEpic = (action$, _state$, { api, bus }) =>
  action$.pipe(
    ofType(A.createRequested.type),
    switchMap((action) =>
      from(api.createScepChallenge((action as ReturnType<typeof A.createRequested>).payload)).pipe(
        tap(() => bus.showToast({ type: 'success', title: 'Challenge created', message: ENROLMENT_MESSAGES.CHALLENGE_CREATED })),
        mergeMap((created) => of(A.createdChallenge(created), A.pageRequested({ page: 1, search: '' }))),
        catchError((error: unknown) => of(A.createFailed(failureOf(error)))),
      ),
    ),
  );

/** The one fetch of a challenge's password. */
export const scepRetrieveEpic: CertificatesEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.retrieveRequested.type),
    switchMap((action) =>
      from(api.retrieveScepChallenge((action as ReturnType<typeof A.retrieveRequested>).payload)).pipe(
        map((result) => A.retrieved(result)),
        catchError((error: unknown) => of(A.retrieveFailed({ message: failureOf(error).message }))),
      ),
    ),
  );
