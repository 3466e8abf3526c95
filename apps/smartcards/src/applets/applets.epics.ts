import { ofType } from 'redux-observable';
import { catchError, concat, from, map, mergeMap, of, switchMap } from 'rxjs';
import { APPLET_MESSAGES, RESULTS_PER_PAGE } from '@tessera/domain';
import { errorMessage, type SmartcardsEpic } from '../epic';
import { appletsActions as A, appletsSelectors } from './applets.slice';

/** Loads a page of the catalogue (searched, sorted and paged on the server). */
export const loadAppletsEpic: SmartcardsEpic = (action$, state$, { api }) =>
  action$.pipe(
    ofType(A.loadRequested.type),
    switchMap(() => {
      const { query } = appletsSelectors.selectApplets(state$.value as never);
      return from(api.listApplets({ ...(query.search.trim() ? { search: query.search.trim() } : {}), sort: query.sort, order: query.order, page: query.page, pageSize: RESULTS_PER_PAGE })).pipe(
        map((page) => A.loaded(page)),
        catchError((error: unknown) => of(A.loadFailed(errorMessage(error)))),
      );
    }),
  );

function fieldOf(error: unknown): { field: string; message: string } {
  const field = error && typeof error === 'object' && typeof (error as { field?: unknown }).field === 'string' ? (error as { field: string }).field : 'form';
  return { field, message: errorMessage(error) };
}

/** Adds, saves and deletes; a toast and a reload after each success, the refused field on failure. */
export const appletWritesEpic: SmartcardsEpic = (action$, _state$, { api, bus }) =>
  action$.pipe(
    ofType(A.addRequested.type, A.updateRequested.type, A.deleteRequested.type),
    mergeMap((action) => {
      const a = action as ReturnType<typeof A.addRequested> | ReturnType<typeof A.updateRequested> | ReturnType<typeof A.deleteRequested>;
      const [call, text] = A.addRequested.match(a)
        ? [api.addApplet(a.payload), APPLET_MESSAGES.APPLET_UPLOADED]
        : A.updateRequested.match(a)
          ? [api.updateApplet(a.payload), APPLET_MESSAGES.APPLET_SAVED]
          : [api.deleteApplet((a as ReturnType<typeof A.deleteRequested>).payload), APPLET_MESSAGES.APPLET_DELETED];
      return from(call as Promise<unknown>).pipe(
        mergeMap(() => {
          bus.showToast({ type: 'success', title: 'Applets', message: text });
          return concat(of(A.writeSucceeded()), of(A.loadRequested(undefined)));
        }),
        catchError((error: unknown) => of(A.writeFailed(fieldOf(error)))),
      );
    }),
  );
