/** @jest-environment jsdom */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, fakeApi, installMatchMedia, renderWithStore, testSynced } from '../../testing/renderWithStore';
import { SyncedCredentialPage } from './SyncedCredentialPage';

/** An api answering synced credential s1 ('Phone' of ann, not marked). */
function apiWithPhone() {
  const api = fakeApi();
  api.getFido2SyncedCredential.mockResolvedValue(testSynced());
  return api;
}

/** The Name and Status the page shows. */
function shown() {
  const value = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
  return { name: value('Name'), status: value('Status') };
}

describe('SyncedCredentialPage', () => {
  beforeAll(installMatchMedia);

  it("should toast 'Failed to load FIDO credential' and say so, without a loading line", async () => {
    const api = fakeApi();
    api.getFido2SyncedCredential.mockRejectedValue(apiError('NOT_FOUND', 404, 'The FIDO credential was not found'));
    const { bus, synced } = renderWithStore(<SyncedCredentialPage credentialId="s1" />, { api });
    expect(await screen.findByText('The FIDO credential could not be loaded.')).toBeTruthy();
    expect(api.getFido2SyncedCredential).toHaveBeenCalledWith('s1');
    expect(bus.showToast).toHaveBeenCalledWith({ type: 'error', title: 'Failed to load FIDO credential', message: 'The FIDO credential was not found' });
    expect(screen.queryByRole('status')).toBeNull();
    expect(synced().loading).toBe(false);
  });

  it("should toast 'Failed to rename FIDO credential' when another session deleted it, and keep showing its name", async () => {
    const api = apiWithPhone();
    api.renameFido2SyncedCredential.mockRejectedValue(apiError('NOT_FOUND', 404, 'The FIDO credential was not found'));
    const user = userEvent.setup();
    const { bus } = renderWithStore(<SyncedCredentialPage credentialId="s1" />, { api });
    const field = await screen.findByRole('textbox', { name: 'New name' });
    expect((field as HTMLInputElement).value).toBe('Phone');
    await user.clear(field);
    await user.type(field, 'Personal phone');
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(bus.showToast).toHaveBeenCalledWith({ type: 'error', title: 'Failed to rename FIDO credential', message: 'The FIDO credential was not found' }));
    expect(api.renameFido2SyncedCredential).toHaveBeenCalledWith('s1', 'Personal phone');
    expect(shown()).toEqual({ name: 'Phone', status: 'Active' });
    expect(screen.queryByText('The FIDO credential was deleted.')).toBeNull();
    expect(bus.showToast).toHaveBeenCalledTimes(1);
  });

  it("should toast 'FIDO credential renamed' and show the new name", async () => {
    const api = apiWithPhone();
    api.renameFido2SyncedCredential.mockResolvedValue(testSynced({ customName: 'Personal phone' }));
    const user = userEvent.setup();
    const { bus } = renderWithStore(<SyncedCredentialPage credentialId="s1" />, { api });
    const field = await screen.findByRole('textbox', { name: 'New name' });
    await user.clear(field);
    await user.type(field, 'Personal phone');
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(shown().name).toBe('Personal phone'));
    expect(bus.showToast).toHaveBeenCalledWith({ type: 'success', title: 'FIDO credential renamed', message: 'Personal phone' });
  });

  it("should toast 'Failed to mark FIDO credential for deletion' when refused, and keep it active and markable", async () => {
    const api = apiWithPhone();
    api.markFido2SyncedCredentialForDeletion.mockRejectedValue(apiError('FORBIDDEN', 403, 'You may not change this FIDO credential.'));
    const user = userEvent.setup();
    const { bus } = renderWithStore(<SyncedCredentialPage credentialId="s1" />, { api });
    await user.click(await screen.findByRole('button', { name: 'Mark for deletion' }));
    await waitFor(() =>
      expect(bus.showToast).toHaveBeenCalledWith({ type: 'error', title: 'Failed to mark FIDO credential for deletion', message: 'You may not change this FIDO credential.' }),
    );
    expect(api.markFido2SyncedCredentialForDeletion).toHaveBeenCalledWith('s1', true);
    expect(shown()).toEqual({ name: 'Phone', status: 'Active' });
    expect(screen.getByRole('button', { name: 'Mark for deletion' })).toBeTruthy();
  });

  it("should toast 'FIDO credential marked for deletion' and offer to unmark it", async () => {
    const api = apiWithPhone();
    api.markFido2SyncedCredentialForDeletion.mockResolvedValue(testSynced({ markedForDeletion: true }));
    const user = userEvent.setup();
    const { bus } = renderWithStore(<SyncedCredentialPage credentialId="s1" />, { api });
    await user.click(await screen.findByRole('button', { name: 'Mark for deletion' }));
    await screen.findByRole('button', { name: 'Unmark for deletion' });
    expect(shown().status).toBe('Marked for deletion');
    expect(bus.showToast).toHaveBeenCalledWith({ type: 'success', title: 'FIDO credential marked for deletion', message: '' });
  });

  it("should toast 'Failed to delete FIDO credential' when it was already deleted, and not claim it was deleted", async () => {
    const api = apiWithPhone();
    api.deleteFido2SyncedCredential.mockRejectedValue(apiError('NOT_FOUND', 404, 'The FIDO credential was not found'));
    const user = userEvent.setup();
    const { bus } = renderWithStore(<SyncedCredentialPage credentialId="s1" />, { api });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(bus.showToast).toHaveBeenCalledWith({ type: 'error', title: 'Failed to delete FIDO credential', message: 'The FIDO credential was not found' }));
    expect(api.deleteFido2SyncedCredential).toHaveBeenCalledWith('s1');
    expect(screen.queryByText('The FIDO credential was deleted.')).toBeNull();
    expect(shown()).toEqual({ name: 'Phone', status: 'Active' });
    expect(bus.showToast).toHaveBeenCalledTimes(1);
  });

  it("should toast 'FIDO credential deleted' and say it was deleted", async () => {
    const api = apiWithPhone();
    api.deleteFido2SyncedCredential.mockResolvedValue(undefined);
    const user = userEvent.setup();
    const { bus } = renderWithStore(<SyncedCredentialPage credentialId="s1" />, { api });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The FIDO credential was deleted.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(bus.showToast).toHaveBeenCalledWith({ type: 'success', title: 'FIDO credential deleted', message: '' });
  });
});
