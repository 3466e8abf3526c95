import { ofType } from 'redux-observable';
import { catchError, exhaustMap, from, map, of, switchMap, tap } from 'rxjs';
import { MESSAGES, messageForErrorCode, type ErrorCode, type TenancyConfig } from '@tessera/domain';
import type { ConfigEpic, ConfigEpicDependencies } from '../epic';
import { tenancyConfigActions as A } from './tenancyConfig.slice';

function describe(error: unknown): { message: string; field: string | null } {
  const { code, message, field } = error as { code?: string; message?: string; field?: string };
  return { message: message || messageForErrorCode((code ?? 'INTERNAL') as ErrorCode), field: field ?? null };
}

/**
 * The viewer's tenant info changed (banner colour, toast time, support address): tell the other apps
 * through the session on the bus, so the shell's banner strip and toasts follow without a reload.
 */
function publishTenancy(bus: ConfigEpicDependencies['bus'], config: TenancyConfig): void {
  const state = bus.getSessionState();
  if (state.status !== 'signedIn') return;
  const tenant = { ...state.viewer.tenant, bannerColour: config.bannerColour, toastrTimeout: config.toastrTimeout, supportEmail: config.supportEmail };
  bus.signedIn({ ...state.viewer, tenant }, state.session);
}

/** GET TenancyConfig when the page is shown. */
export const loadTenancyConfigEpic: ConfigEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.pageShown.type),
    switchMap(() =>
      from(api.tenancyConfig()).pipe(
        map((config) => A.loaded(config)),
        catchError((error: unknown) => of(A.loadFailed({ message: describe(error).message || MESSAGES.TENANCY_CONFIG_LOAD_FAILED }))),
      ),
    ),
  );

/** PATCH TenancyConfig with the changed fields; a success or failure toast; a refusal names its field. */
export const saveTenancyConfigEpic: ConfigEpic = (action$, _state$, { api, bus }) =>
  action$.pipe(
    ofType(A.saveRequested.type),
    exhaustMap((action) =>
      from(api.updateTenancyConfig((action as ReturnType<typeof A.saveRequested>).payload)).pipe(
        tap((config) => {
          bus.showToast({ type: 'success', title: MESSAGES.TENANCY_CONFIG_SAVED, message: '' });
          publishTenancy(bus, config);
        }),
        map((config) => A.saved(config)),
        catchError((error: unknown) => {
          const failure = describe(error);
          bus.showToast({ type: 'error', title: MESSAGES.TENANCY_CONFIG_SAVE_FAILED, message: failure.message });
          return of(A.saveFailed(failure));
        }),
      ),
    ),
  );
