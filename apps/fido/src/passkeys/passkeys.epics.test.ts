import { apiError, createFidoStore, fakeApi, testPasskey } from '../testing/renderWithStore';
import { passkeysActions } from './passkeys.slice';

const credential = { id: 'c1', customName: 'Passkey 2026-11-23', createdAt: '2026-11-23T00:00:00Z', lastUsedAt: null, backedUp: false, deviceType: 'singleDevice' as const };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A store whose list for user u1 holds `credentials` once loaded. */
async function loadedStore(credentials = [testPasskey(), testPasskey({ id: 'c2', customName: 'Phone' })], startRegistration = jest.fn()) {
  const api = fakeApi();
  api.listFido2RegisteredCredentials.mockResolvedValue({ registeredCredentials: credentials, displayName: 'Ann Example', username: 'ann' });
  const fido = createFidoStore({ api, startRegistration });
  fido.store.dispatch(passkeysActions.passkeysRequested({ userId: 'u1' }));
  await flush();
  expect(fido.passkeys().passkeyDetails.u1!.registeredCredentials).toEqual(credentials);
  return fido;
}

describe('passkey epics', () => {
  it('should track loadingPasskeys by user id and keep passkeyDetails by user id', async () => {
    let resolve!: (v: unknown) => void;
    const api = fakeApi();
    api.listFido2RegisteredCredentials.mockImplementation(() => new Promise((r) => (resolve = r)));
    const { store, passkeys } = createFidoStore({ api });
    store.dispatch(passkeysActions.passkeysRequested({ userId: 'u1' }));
    expect(passkeys().loadingPasskeys).toEqual(['u1']);
    resolve({ registeredCredentials: [credential], displayName: 'Ann Example', username: 'ann' });
    await flush();
    expect(passkeys().loadingPasskeys).toEqual([]);
    expect(passkeys().passkeyDetails.u1).toMatchObject({ username: 'ann', registeredCredentials: [credential] });
  });

  it("should toast 'Could not load passkeys' with the server's message, clear loadingPasskeys and keep the last list", async () => {
    const { store, api, bus, passkeys } = await loadedStore();
    const before = passkeys().passkeyDetails.u1;
    api.listFido2RegisteredCredentials.mockRejectedValueOnce(apiError('FORBIDDEN', 403, 'You may not manage the passkeys of this user.'));
    store.dispatch(passkeysActions.passkeysRequested({ userId: 'u1' }));
    expect(passkeys().loadingPasskeys).toEqual(['u1']);
    await flush();
    expect(bus.showToast).toHaveBeenCalledTimes(1);
    expect(bus.showToast).toHaveBeenCalledWith({ type: 'error', title: 'Could not load passkeys', message: 'You may not manage the passkeys of this user.' });
    expect(passkeys().loadingPasskeys).toEqual([]);
    expect(passkeys().failedToLoad).toEqual(['u1']);
    expect(passkeys().passkeyDetails.u1).toBe(before);
  });

  it("should prepare, run the ceremony, finish and toast 'Passkey created'", async () => {
    const ceremony = jest.fn().mockResolvedValue({ id: 'att' });
    const { store, api, bus, passkeys } = await loadedStore([], ceremony);
    api.prepareFido2Registration.mockResolvedValue({ challenge: 'abc' });
    api.finishFido2Registration.mockResolvedValue(credential);
    store.dispatch(passkeysActions.createRequested({ userId: 'u1', customName: 'Passkey 2026-11-23' }));
    expect(passkeys().creatingFor).toBe('u1');
    await flush();
    expect(ceremony).toHaveBeenCalledWith({ challenge: 'abc' });
    expect(api.finishFido2Registration).toHaveBeenCalledWith({ id: 'att' }, 'Passkey 2026-11-23');
    expect(bus.showToast).toHaveBeenCalledWith({ type: 'success', title: 'Passkey created', message: 'Passkey 2026-11-23' });
    expect(passkeys().passkeyDetails.u1!.registeredCredentials).toEqual([credential]);
    expect(passkeys().creatingFor).toBeNull();
  });

  it("should toast 'Could not create passkey' when the server refuses the attestation, and leave the list as it was", async () => {
    const ceremony = jest.fn().mockResolvedValue({ id: 'att' });
    const { store, api, bus, passkeys } = await loadedStore(undefined, ceremony);
    const before = passkeys().passkeyDetails.u1!.registeredCredentials;
    api.prepareFido2Registration.mockResolvedValue({ challenge: 'abc' });
    api.finishFido2Registration.mockRejectedValue(apiError('PASSKEY_FAILED', 400));
    store.dispatch(passkeysActions.createRequested({ userId: 'u1', customName: 'Spare key' }));
    await flush();
    expect(bus.showToast).toHaveBeenCalledTimes(1);
    expect(bus.showToast).toHaveBeenCalledWith({ type: 'error', title: 'Could not create passkey', message: 'The passkey could not be verified.' });
    expect(passkeys().creatingFor).toBeNull();
    expect(passkeys().passkeyDetails.u1!.registeredCredentials).toBe(before);
  });

  it("should toast 'Could not create passkey' without starting a ceremony when PrepareFido2Registration fails", async () => {
    const ceremony = jest.fn();
    const { store, api, bus, passkeys } = await loadedStore(undefined, ceremony);
    api.prepareFido2Registration.mockRejectedValue(apiError('NOT_FOUND', 404, 'The user was not found'));
    store.dispatch(passkeysActions.createRequested({ userId: 'u1', customName: 'Spare key' }));
    await flush();
    expect(ceremony).not.toHaveBeenCalled();
    expect(api.finishFido2Registration).not.toHaveBeenCalled();
    expect(bus.showToast).toHaveBeenCalledWith({ type: 'error', title: 'Could not create passkey', message: 'The user was not found' });
    expect(passkeys().creatingFor).toBeNull();
    expect(passkeys().passkeyDetails.u1!.registeredCredentials).toHaveLength(2);
  });

  it("should toast 'Could not create passkey' on a refused ceremony and stay silent on an AbortError, clearing creatingFor either way", async () => {
    const ceremony = jest
      .fn()
      .mockRejectedValueOnce(Object.assign(new Error('Cancelling existing WebAuthn API call for new one'), { name: 'AbortError' }))
      .mockRejectedValueOnce(Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' }));
    const api = fakeApi();
    api.prepareFido2Registration.mockResolvedValue({ challenge: 'abc' });
    const { store, bus, passkeys } = createFidoStore({ api, startRegistration: ceremony });
    store.dispatch(passkeysActions.createRequested({ userId: 'u1', customName: 'x' }));
    await flush();
    expect(bus.showToast).not.toHaveBeenCalled();
    // Aborted from elsewhere (no newer request of this page): the button must not keep spinning.
    expect(passkeys().creatingFor).toBeNull();
    store.dispatch(passkeysActions.createRequested({ userId: 'u1', customName: 'x' }));
    await flush();
    expect(bus.showToast).toHaveBeenCalledWith({ type: 'error', title: 'Could not create passkey', message: 'The operation either timed out or was not allowed.' });
    expect(passkeys().creatingFor).toBeNull();
    expect(api.finishFido2Registration).not.toHaveBeenCalled();
  });

  it("should toast 'Passkey renamed' with the new name and replace the passkey in the list", async () => {
    const { store, api, bus, passkeys } = await loadedStore();
    api.renameFido2RegisteredCredential.mockResolvedValue(testPasskey({ customName: 'Home laptop' }));
    store.dispatch(passkeysActions.renameRequested({ userId: 'u1', id: 'c1', newCustomName: 'Home laptop' }));
    await flush();
    expect(api.renameFido2RegisteredCredential).toHaveBeenCalledWith('u1', 'c1', 'Home laptop');
    expect(bus.showToast).toHaveBeenCalledWith({ type: 'success', title: 'Passkey renamed', message: 'Home laptop' });
    expect(passkeys().passkeyDetails.u1!.registeredCredentials.map((c) => c.customName)).toEqual(['Home laptop', 'Phone']);
  });

  it("should toast 'Could not rename passkey' when the passkey is gone, and keep the list's names", async () => {
    const { store, api, bus, passkeys } = await loadedStore();
    api.renameFido2RegisteredCredential.mockRejectedValue(apiError('NOT_FOUND', 404, 'The passkey was not found'));
    store.dispatch(passkeysActions.renameRequested({ userId: 'u1', id: 'c1', newCustomName: 'Home laptop' }));
    await flush();
    expect(bus.showToast).toHaveBeenCalledTimes(1);
    expect(bus.showToast).toHaveBeenCalledWith({ type: 'error', title: 'Could not rename passkey', message: 'The passkey was not found' });
    expect(passkeys().passkeyDetails.u1!.registeredCredentials.map((c) => c.customName)).toEqual(['Work laptop', 'Phone']);
    expect(passkeys().loadingPasskeys).toEqual([]);
  });

  it("should toast 'Passkey deleted' and drop the passkey from the list", async () => {
    const { store, api, bus, passkeys } = await loadedStore();
    api.deleteFido2RegisteredCredential.mockResolvedValue(undefined);
    store.dispatch(passkeysActions.deleteRequested({ userId: 'u1', id: 'c1' }));
    await flush();
    expect(api.deleteFido2RegisteredCredential).toHaveBeenCalledWith('u1', 'c1');
    expect(bus.showToast).toHaveBeenCalledWith({ type: 'success', title: 'Passkey deleted', message: '' });
    expect(passkeys().passkeyDetails.u1!.registeredCredentials.map((c) => c.id)).toEqual(['c2']);
  });

  it("should toast 'Could not delete passkey' when the passkey is already gone, keep the passkey listed and accept the next delete", async () => {
    const { store, api, bus, passkeys } = await loadedStore();
    api.deleteFido2RegisteredCredential.mockRejectedValueOnce(apiError('NOT_FOUND', 404, 'The passkey was not found')).mockResolvedValueOnce(undefined);
    store.dispatch(passkeysActions.deleteRequested({ userId: 'u1', id: 'c1' }));
    await flush();
    expect(bus.showToast).toHaveBeenCalledTimes(1);
    expect(bus.showToast).toHaveBeenCalledWith({ type: 'error', title: 'Could not delete passkey', message: 'The passkey was not found' });
    expect(passkeys().passkeyDetails.u1!.registeredCredentials.map((c) => c.id)).toEqual(['c1', 'c2']);
    // The failure ended the running delete (exhaustMap): a second try goes through.
    store.dispatch(passkeysActions.deleteRequested({ userId: 'u1', id: 'c1' }));
    await flush();
    expect(api.deleteFido2RegisteredCredential).toHaveBeenCalledTimes(2);
    expect(passkeys().passkeyDetails.u1!.registeredCredentials.map((c) => c.id)).toEqual(['c2']);
  });
});
