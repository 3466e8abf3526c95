import { combineReducers, configureStore, type Action } from '@reduxjs/toolkit';
import { createEpicMiddleware } from 'redux-observable';
import type { FidoEpicDependencies } from '../epic';
import { fidoEpic, fidoSlices } from '../state';
import { passkeysActions } from './passkeys.slice';

const credential = { id: 'c1', customName: 'Passkey 2026-11-23', createdAt: '2026-11-23T00:00:00Z', lastUsedAt: null, backedUp: false, deviceType: 'singleDevice' as const };

function setup(api: Partial<Record<keyof FidoEpicDependencies['api'], jest.Mock>>, startRegistration: jest.Mock) {
  const bus = { showToast: jest.fn() };
  const epicMiddleware = createEpicMiddleware<Action, Action, unknown, FidoEpicDependencies>({
    dependencies: { api: api as unknown as FidoEpicDependencies['api'], bus, now: Date.now, startRegistration },
  });
  const store = configureStore({ reducer: combineReducers(Object.fromEntries(fidoSlices.map((s) => [s.name, s.reducer]))), middleware: (d) => d().concat(epicMiddleware) });
  epicMiddleware.run(fidoEpic);
  const state = () => (store.getState() as unknown as { fidoPasskeys: { loadingPasskeys: string[]; passkeyDetails: Record<string, { registeredCredentials: unknown[] }>; creatingFor: string | null } }).fidoPasskeys;
  return { store, bus, state };
}
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('passkey epics', () => {
  it('should track loadingPasskeys by user id and keep passkeyDetails by user id', async () => {
    let resolve!: (v: unknown) => void;
    const list = jest.fn(() => new Promise((r) => (resolve = r)));
    const { store, state } = setup({ listFido2RegisteredCredentials: list }, jest.fn());
    store.dispatch(passkeysActions.passkeysRequested({ userId: 'u1' }));
    expect(state().loadingPasskeys).toEqual(['u1']);
    resolve({ registeredCredentials: [credential], displayName: 'Ann Example', username: 'ann' });
    await flush();
    expect(state().loadingPasskeys).toEqual([]);
    expect(state().passkeyDetails.u1).toMatchObject({ username: 'ann', registeredCredentials: [credential] });
  });

  it("should prepare, run the ceremony, finish and toast 'Passkey created'", async () => {
    const prepare = jest.fn().mockResolvedValue({ challenge: 'abc' });
    const finish = jest.fn().mockResolvedValue(credential);
    const ceremony = jest.fn().mockResolvedValue({ id: 'att' });
    const list = jest.fn().mockResolvedValue({ registeredCredentials: [], displayName: 'Ann', username: 'ann' });
    const { store, bus, state } = setup({ prepareFido2Registration: prepare, finishFido2Registration: finish, listFido2RegisteredCredentials: list }, ceremony);
    store.dispatch(passkeysActions.passkeysRequested({ userId: 'u1' }));
    await flush();
    store.dispatch(passkeysActions.createRequested({ userId: 'u1', customName: 'Passkey 2026-11-23' }));
    await flush();
    expect(ceremony).toHaveBeenCalledWith({ challenge: 'abc' });
    expect(finish).toHaveBeenCalledWith({ id: 'att' }, 'Passkey 2026-11-23');
    expect(bus.showToast).toHaveBeenCalledWith({ type: 'success', title: 'Passkey created', message: 'Passkey 2026-11-23' });
    expect(state().passkeyDetails.u1!.registeredCredentials).toEqual([credential]);
  });

  it("should toast 'Could not create passkey' on failure and stay silent on an AbortError", async () => {
    const prepare = jest.fn().mockResolvedValue({ challenge: 'abc' });
    const ceremony = jest
      .fn()
      .mockRejectedValueOnce(Object.assign(new Error('Cancelling existing WebAuthn API call for new one'), { name: 'AbortError' }))
      .mockRejectedValueOnce(Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' }));
    const { store, bus, state } = setup({ prepareFido2Registration: prepare, finishFido2Registration: jest.fn() }, ceremony);
    store.dispatch(passkeysActions.createRequested({ userId: 'u1', customName: 'x' }));
    await flush();
    expect(bus.showToast).not.toHaveBeenCalled();
    store.dispatch(passkeysActions.createRequested({ userId: 'u1', customName: 'x' }));
    await flush();
    expect(bus.showToast).toHaveBeenCalledWith({ type: 'error', title: 'Could not create passkey', message: 'The operation either timed out or was not allowed.' });
    expect(state().creatingFor).toBeNull();
  });
});
