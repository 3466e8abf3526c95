import { ofType } from 'redux-observable';
import { catchError, exhaustMap, forkJoin, from, map, of, switchMap, tap } from 'rxjs';
import { ENROLMENT_MESSAGES } from '@tessera/domain';
import type { ConfigEpic } from '../epic';
import { intuneScepActions as A } from './intuneScep.slice';

function failureOf(error: unknown): { message: string; field: string | null } {
  const { message, field } = (error ?? {}) as { message?: unknown; field?: unknown };
  return { message: typeof message === 'string' && message !== '' ? message : String(error), field: typeof field === 'string' ? field : null };
}

/** GET the settings and the templates when the page is shown. */
export const loadIntuneScepEpic: ConfigEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.pageShown.type),
    switchMap(() =>
      forkJoin({ config: from(api.getIntuneScepConfig()), templates: from(api.listCertificateTemplates()) }).pipe(
        map(({ config, templates }) => A.loaded({ config, templates: templates.templates })),
        catchError((error: unknown) => of(A.loadFailed({ message: failureOf(error).message }))),
      ),
    ),
  );

/** PUT the settings; toast on success. */
export const saveIntuneScepEpic: ConfigEpic = (action$, _state$, { api, bus }) =>
  action$.pipe(
    ofType(A.saveRequested.type),
    exhaustMap((action) =>
      from(api.saveIntuneScepConfig((action as ReturnType<typeof A.saveRequested>).payload)).pipe(
        tap(() => bus.showToast({ type: 'success', title: ENROLMENT_MESSAGES.INTUNE_SAVED, message: '' })),
        map((config) => A.saved(config)),
        catchError((error: unknown) => of(A.saveFailed(failureOf(error)))),
      ),
    ),
  );
