import { apiError, createFidoStore, fakeApi, testSynced } from '../testing/renderWithStore';
import { syncedActions } from './synced.slice';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A store showing synced credential s1 ('Phone', not marked). */
async function loadedStore() {
  const api = fakeApi();
  api.getFido2SyncedCredential.mockResolvedValue(testSynced());
  const fido = createFidoStore({ api });
  fido.store.dispatch(syncedActions.syncedRequested({ credentialId: 's1' }));
  await flush();
  expect(fido.synced()).toEqual({ loading: false, credential: testSynced(), deleted: false, loadFailed: false });
  return fido;
}

describe('synced credential epics', () => {
  it("should toast 'Failed to load FIDO credential' with the server's message and clear loading", async () => {
    const api = fakeApi();
    api.getFido2SyncedCredential.mockRejectedValue(apiError('NOT_FOUND', 404, 'The FIDO credential was not found'));
    const { store, bus, synced } = createFidoStore({ api });
    store.dispatch(syncedActions.syncedRequested({ credentialId: 's1' }));
    expect(synced().loading).toBe(true);
    await flush();
    expect(bus.showToast).toHaveBeenCalledWith({ type: 'error', title: 'Failed to load FIDO credential', message: 'The FIDO credential was not found' });
    expect(synced()).toEqual({ loading: false, credential: null, deleted: false, loadFailed: true });
  });

  it("should toast 'FIDO credential renamed' with the new name and show the server's answer", async () => {
    const { store, api, bus, synced } = await loadedStore();
    api.renameFido2SyncedCredential.mockResolvedValue(testSynced({ customName: 'Personal phone' }));
    store.dispatch(syncedActions.renameRequested({ credentialId: 's1', newCustomName: 'Personal phone' }));
    await flush();
    expect(api.renameFido2SyncedCredential).toHaveBeenCalledWith('s1', 'Personal phone');
    expect(bus.showToast).toHaveBeenCalledWith({ type: 'success', title: 'FIDO credential renamed', message: 'Personal phone' });
    expect(synced().credential!.customName).toBe('Personal phone');
  });

  it("should toast 'Failed to rename FIDO credential' when another session deleted it, and keep the credential shown", async () => {
    const { store, api, bus, synced } = await loadedStore();
    api.renameFido2SyncedCredential.mockRejectedValueOnce(apiError('NOT_FOUND', 404, 'The FIDO credential was not found')).mockResolvedValueOnce(testSynced({ customName: 'Again' }));
    store.dispatch(syncedActions.renameRequested({ credentialId: 's1', newCustomName: 'Personal phone' }));
    await flush();
    expect(bus.showToast).toHaveBeenCalledTimes(1);
    expect(bus.showToast).toHaveBeenCalledWith({ type: 'error', title: 'Failed to rename FIDO credential', message: 'The FIDO credential was not found' });
    expect(synced()).toEqual({ loading: false, credential: testSynced(), deleted: false, loadFailed: false });
    // The failure ended the running rename (exhaustMap): the next one is sent.
    store.dispatch(syncedActions.renameRequested({ credentialId: 's1', newCustomName: 'Again' }));
    await flush();
    expect(api.renameFido2SyncedCredential).toHaveBeenCalledTimes(2);
    expect(synced().credential!.customName).toBe('Again');
  });

  it("should toast 'FIDO credential marked for deletion' when marking, and no toast when unmarking", async () => {
    const { store, api, bus, synced } = await loadedStore();
    api.markFido2SyncedCredentialForDeletion.mockResolvedValueOnce(testSynced({ markedForDeletion: true })).mockResolvedValueOnce(testSynced());
    store.dispatch(syncedActions.markRequested({ credentialId: 's1', markedForDeletion: true }));
    await flush();
    expect(api.markFido2SyncedCredentialForDeletion).toHaveBeenCalledWith('s1', true);
    expect(bus.showToast).toHaveBeenCalledWith({ type: 'success', title: 'FIDO credential marked for deletion', message: '' });
    expect(synced().credential!.markedForDeletion).toBe(true);
    store.dispatch(syncedActions.markRequested({ credentialId: 's1', markedForDeletion: false }));
    await flush();
    expect(bus.showToast).toHaveBeenCalledTimes(1);
    expect(synced().credential!.markedForDeletion).toBe(false);
  });

  it("should toast 'Failed to mark FIDO credential for deletion' when refused, and leave the credential unmarked", async () => {
    const { store, api, bus, synced } = await loadedStore();
    api.markFido2SyncedCredentialForDeletion.mockRejectedValue(apiError('FORBIDDEN', 403, 'You may not change this FIDO credential.'));
    store.dispatch(syncedActions.markRequested({ credentialId: 's1', markedForDeletion: true }));
    await flush();
    expect(bus.showToast).toHaveBeenCalledTimes(1);
    expect(bus.showToast).toHaveBeenCalledWith({ type: 'error', title: 'Failed to mark FIDO credential for deletion', message: 'You may not change this FIDO credential.' });
    expect(synced()).toEqual({ loading: false, credential: testSynced(), deleted: false, loadFailed: false });
  });

  it("should toast 'FIDO credential deleted' and say the credential is gone", async () => {
    const { store, api, bus, synced } = await loadedStore();
    api.deleteFido2SyncedCredential.mockResolvedValue(undefined);
    store.dispatch(syncedActions.deleteRequested({ credentialId: 's1' }));
    await flush();
    expect(api.deleteFido2SyncedCredential).toHaveBeenCalledWith('s1');
    expect(bus.showToast).toHaveBeenCalledWith({ type: 'success', title: 'FIDO credential deleted', message: '' });
    expect(synced()).toMatchObject({ deleted: true, credential: null });
  });

  it("should toast 'Failed to delete FIDO credential' when refused, and keep the credential shown and not deleted", async () => {
    const { store, api, bus, synced } = await loadedStore();
    api.deleteFido2SyncedCredential.mockRejectedValue(apiError('NOT_FOUND', 404, 'The FIDO credential was not found'));
    store.dispatch(syncedActions.deleteRequested({ credentialId: 's1' }));
    await flush();
    expect(bus.showToast).toHaveBeenCalledTimes(1);
    expect(bus.showToast).toHaveBeenCalledWith({ type: 'error', title: 'Failed to delete FIDO credential', message: 'The FIDO credential was not found' });
    expect(synced()).toEqual({ loading: false, credential: testSynced(), deleted: false, loadFailed: false });
  });
});
