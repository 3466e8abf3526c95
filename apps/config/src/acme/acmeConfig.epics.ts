import { ofType } from 'redux-observable';
import { catchError, EMPTY, exhaustMap, from, map, merge, mergeMap, of, switchMap, tap } from 'rxjs';
import { messageForErrorCode, type ErrorCode } from '@tessera/domain';
import type { ConfigEpic } from '../epic';
import { acmeConfigActions as A, acmeConfigSelectors } from './acmeConfig.slice';

const describe = (error: unknown): string => {
  const { code, message } = error as { code?: string; message?: string };
  return message || messageForErrorCode((code ?? 'INTERNAL') as ErrorCode);
};

/** GET AcmeConfigurations when the page is shown, and the orders page. */
export const loadAcmeConfigEpic: ConfigEpic = (action$) =>
  action$.pipe(
    ofType(A.pageShown.type),
    switchMap(() => of(A.ordersRequested({}))),
  );

/** The templates. */
export const loadAcmeConfigurationsEpic: ConfigEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.pageShown.type),
    switchMap(() =>
      from(api.listAcmeConfigurations()).pipe(
        map((configurations) => A.loaded(configurations)),
        catchError((error: unknown) => of(A.loadFailed({ message: describe(error) }))),
      ),
    ),
  );

/** GET AcmeOrders with the page and sort in the state (paged and sorted on the server). */
export const loadAcmeOrdersEpic: ConfigEpic = (action$, state$, { api, bus }) =>
  action$.pipe(
    ofType(A.ordersRequested.type),
    switchMap(() =>
      from(api.listAcmeOrders(acmeConfigSelectors.select(state$.value as never).ordersQuery)).pipe(
        map((orders) => A.ordersLoaded(orders)),
        catchError((error: unknown) => {
          bus.showToast({ type: 'error', title: 'Could not load the ACME orders', message: describe(error) });
          return EMPTY;
        }),
      ),
    ),
  );

/** PUT AcmeConfiguration; a toast either way. */
export const saveAcmeConfigurationEpic: ConfigEpic = (action$, _state$, { api, bus }) =>
  action$.pipe(
    ofType(A.toggleRequested.type),
    exhaustMap((action) =>
      from(api.setAcmeConfiguration((action as ReturnType<typeof A.toggleRequested>).payload)).pipe(
        tap((c) => bus.showToast({ type: 'success', title: c.enabled ? `ACME enabled for ${c.templateName}` : `ACME disabled for ${c.templateName}`, message: '' })),
        map((c) => A.configurationSaved(c)),
        catchError((error: unknown) => {
          bus.showToast({ type: 'error', title: 'Could not change the ACME configuration', message: describe(error) });
          return of(A.saveFailed());
        }),
      ),
    ),
  );

/** POST AcmeEabKey; the key is kept in the state to be shown once. */
export const createEabKeyEpic: ConfigEpic = (action$, state$, { api, bus }) =>
  action$.pipe(
    ofType(A.eabKeyRequested.type),
    mergeMap((action) => {
      const { templateId } = (action as ReturnType<typeof A.eabKeyRequested>).payload;
      const templateName = acmeConfigSelectors.select(state$.value as never).configurations.find((c) => c.templateId === templateId)?.templateName ?? '';
      return from(api.createAcmeEabKey(templateId)).pipe(
        mergeMap((key) => merge(of(A.eabKeyCreated({ ...key, templateName })), of(A.pageShown()))),
        catchError((error: unknown) => {
          bus.showToast({ type: 'error', title: 'Could not create the EAB key', message: describe(error) });
          return of(A.saveFailed());
        }),
      );
    }),
  );
