import type { Action } from '@reduxjs/toolkit';
import { StateObservable } from 'redux-observable';
import { Subject, firstValueFrom, take } from 'rxjs';
import type { ApiKey, CreatedApiKey, ToastInput } from '@tessera/domain';
import type { ApiKeysEpicDependencies } from '../epic';
import { createApiKeyEpic, listApiKeysEpic, revokeApiKeyEpic } from './apiKeys.epics';
import { apiKeysActions as A, apiKeysSlice } from './apiKeys.slice';

const KEY: ApiKey = { id: 'k1', keyId: '0123456789abcdef', name: 'ci', permissions: ['ticketView'], createdBy: 'admin', createdAt: '2030-01-01T00:00:00.000Z', expiresAt: '2030-01-31T00:00:00.000Z', lastUsedAt: null };
const CREATED: CreatedApiKey = { ...KEY, secret: `tsk_${KEY.keyId}_${'a'.repeat(43)}` };

function deps(api: Partial<ApiKeysEpicDependencies['api']>) {
  const toasts: ToastInput[] = [];
  const d: ApiKeysEpicDependencies = {
    api: { listApiKeys: async () => [KEY], createApiKey: async () => CREATED, revokeApiKey: async () => undefined, ...api },
    bus: { showToast: (t) => void toasts.push(t) },
  };
  return { d, toasts };
}

async function runEpic(epic: typeof listApiKeysEpic, d: ApiKeysEpicDependencies, action: Action): Promise<Action> {
  const action$ = new Subject<Action>();
  const out = firstValueFrom(epic(action$ as never, new StateObservable<unknown>(new Subject(), {}), d).pipe(take(1)));
  action$.next(action);
  return out;
}

describe('API keys epics and slice', () => {
  it('should list the keys when the page is shown', async () => {
    expect(await runEpic(listApiKeysEpic, deps({}).d, A.listRequested())).toEqual(A.listed([KEY]));
  });

  it('should keep the created secret until dismissed, and list the key without it', async () => {
    const done = await runEpic(createApiKeyEpic, deps({}).d, A.createRequested({ name: 'ci', permissions: ['ticketView'], expiresInDays: 30 }));
    expect(done).toEqual(A.created(CREATED));
    let state = apiKeysSlice.reducer(undefined, done as ReturnType<typeof A.created>);
    expect(state.created?.secret).toBe(CREATED.secret);
    expect(state.keys).toEqual([KEY]);
    expect(JSON.stringify(state.keys)).not.toContain('tsk_');
    state = apiKeysSlice.reducer(state, A.secretDismissed());
    expect(state.created).toBeNull();
  });

  it('should keep the field a refusal names and toast it', async () => {
    const { d, toasts } = deps({ createApiKey: async () => Promise.reject(Object.assign(new Error('permissions includes permissions you do not hold: userEdit'), { code: 'VALIDATION', field: 'permissions' })) });
    const failed = await runEpic(createApiKeyEpic, d, A.createRequested({ name: 'ci', permissions: ['userEdit'], expiresInDays: 30 }));
    expect(failed).toEqual(A.createFailed({ message: 'permissions includes permissions you do not hold: userEdit', field: 'permissions' }));
    expect(toasts).toEqual([{ type: 'error', title: 'The API key was not created', message: 'permissions includes permissions you do not hold: userEdit' }]);
  });

  it('should revoke, drop the key from the list and toast', async () => {
    const { d, toasts } = deps({});
    const done = await runEpic(revokeApiKeyEpic, d, A.revokeRequested({ id: 'k1', name: 'ci' }));
    expect(done).toEqual(A.revoked({ id: 'k1' }));
    const state = apiKeysSlice.reducer(apiKeysSlice.reducer(apiKeysSlice.reducer(undefined, A.listed([KEY])), A.revokeRequested({ id: 'k1', name: 'ci' })), done as ReturnType<typeof A.revoked>);
    expect(state.keys).toEqual([]);
    expect(state.revoking).toEqual([]);
    expect(toasts).toEqual([{ type: 'success', title: "API key 'ci' revoked", message: '' }]);
  });
});
