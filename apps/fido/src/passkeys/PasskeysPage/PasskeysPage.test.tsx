/** @jest-environment jsdom */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, fakeApi, installMatchMedia, renderWithStore, testPasskey } from '../../testing/renderWithStore';
import { PasskeysPage } from './PasskeysPage';

/** An api whose list for u1 holds 'Work laptop' (c1) and 'Phone' (c2). */
function apiWithTwoPasskeys() {
  const api = fakeApi();
  api.listFido2RegisteredCredentials.mockResolvedValue({
    registeredCredentials: [testPasskey(), testPasskey({ id: 'c2', customName: 'Phone' })],
    displayName: 'Ann Example',
    username: 'ann',
  });
  return api;
}

const listedNames = () =>
  within(screen.getByRole('list', { name: 'Registered passkeys' }))
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('aria-label'));
const createButton = () => screen.getByRole('button', { name: 'Create passkey' });

describe('PasskeysPage', () => {
  beforeAll(installMatchMedia);

  it("should toast 'Could not load passkeys' and say so, without a loading line, when the list fails", async () => {
    const api = fakeApi();
    api.listFido2RegisteredCredentials.mockRejectedValue(apiError('FORBIDDEN', 403, 'You may not manage the passkeys of this user.'));
    const { bus, passkeys } = renderWithStore(<PasskeysPage userId="u1" />, { api });
    expect(await screen.findByText('The passkeys could not be loaded.')).toBeTruthy();
    expect(bus.showToast).toHaveBeenCalledWith({ type: 'error', title: 'Could not load passkeys', message: 'You may not manage the passkeys of this user.' });
    expect(screen.queryByText('Loading passkeys…')).toBeNull();
    expect(screen.queryByRole('list', { name: 'Registered passkeys' })).toBeNull();
    expect(passkeys().loadingPasskeys).toEqual([]);
  });

  it("should toast 'Could not create passkey' when the server refuses the new passkey, stop the button's spinner and keep the list", async () => {
    const api = apiWithTwoPasskeys();
    api.prepareFido2Registration.mockResolvedValue({ challenge: 'abc' });
    let refuse!: (error: unknown) => void;
    api.finishFido2Registration.mockImplementation(() => new Promise((_resolve, reject) => (refuse = reject)));
    const startRegistration = jest.fn().mockResolvedValue({ id: 'att' });
    const user = userEvent.setup();
    const { bus } = renderWithStore(<PasskeysPage userId="u1" />, { api, startRegistration });
    await screen.findByRole('listitem', { name: 'Phone' });
    await user.clear(screen.getByRole('textbox', { name: 'Passkey name' }));
    await user.type(screen.getByRole('textbox', { name: 'Passkey name' }), 'Spare key');
    await user.click(createButton());
    await waitFor(() => expect(api.finishFido2Registration).toHaveBeenCalledWith({ id: 'att' }, 'Spare key'));
    expect(createButton().getAttribute('aria-disabled')).toBe('true');
    refuse(apiError('PASSKEY_FAILED', 400));
    await waitFor(() => expect(bus.showToast).toHaveBeenCalledWith({ type: 'error', title: 'Could not create passkey', message: 'The passkey could not be verified.' }));
    await waitFor(() => expect(createButton().getAttribute('aria-disabled')).toBeNull());
    expect(listedNames()).toEqual(['Work laptop', 'Phone']);
    expect(bus.showToast).toHaveBeenCalledTimes(1);
  });

  it("should toast 'Passkey created' and list the new passkey", async () => {
    const api = apiWithTwoPasskeys();
    api.prepareFido2Registration.mockResolvedValue({ challenge: 'abc' });
    api.finishFido2Registration.mockResolvedValue(testPasskey({ id: 'c3', customName: 'Spare key' }));
    const user = userEvent.setup();
    const { bus } = renderWithStore(<PasskeysPage userId="u1" />, { api, startRegistration: jest.fn().mockResolvedValue({ id: 'att' }) });
    await screen.findByRole('listitem', { name: 'Phone' });
    await user.clear(screen.getByRole('textbox', { name: 'Passkey name' }));
    await user.type(screen.getByRole('textbox', { name: 'Passkey name' }), 'Spare key');
    await user.click(createButton());
    await screen.findByRole('listitem', { name: 'Spare key' });
    expect(bus.showToast).toHaveBeenCalledWith({ type: 'success', title: 'Passkey created', message: 'Spare key' });
    expect(createButton().getAttribute('aria-disabled')).toBeNull();
  });

  it("should toast 'Could not rename passkey' when the passkey is gone, keep its name, and offer that name again", async () => {
    const api = apiWithTwoPasskeys();
    api.renameFido2RegisteredCredential.mockRejectedValue(apiError('NOT_FOUND', 404, 'The passkey was not found'));
    const user = userEvent.setup();
    const { bus } = renderWithStore(<PasskeysPage userId="u1" />, { api });
    await user.click(await screen.findByRole('button', { name: 'Rename Work laptop' }));
    const field = screen.getByRole('textbox', { name: 'New name' });
    await user.clear(field);
    await user.type(field, 'Home laptop');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bus.showToast).toHaveBeenCalledWith({ type: 'error', title: 'Could not rename passkey', message: 'The passkey was not found' }));
    expect(api.renameFido2RegisteredCredential).toHaveBeenCalledWith('u1', 'c1', 'Home laptop');
    expect(listedNames()).toEqual(['Work laptop', 'Phone']);
    // Renaming again starts from the passkey's name, not from the name that was refused.
    await user.click(screen.getByRole('button', { name: 'Rename Work laptop' }));
    expect((screen.getByRole('textbox', { name: 'New name' }) as HTMLInputElement).value).toBe('Work laptop');
  });

  it("should toast 'Passkey renamed' and show the new name", async () => {
    const api = apiWithTwoPasskeys();
    api.renameFido2RegisteredCredential.mockResolvedValue(testPasskey({ customName: 'Home laptop' }));
    const user = userEvent.setup();
    const { bus } = renderWithStore(<PasskeysPage userId="u1" />, { api });
    await user.click(await screen.findByRole('button', { name: 'Rename Work laptop' }));
    await user.clear(screen.getByRole('textbox', { name: 'New name' }));
    await user.type(screen.getByRole('textbox', { name: 'New name' }), 'Home laptop');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('listitem', { name: 'Home laptop' });
    expect(bus.showToast).toHaveBeenCalledWith({ type: 'success', title: 'Passkey renamed', message: 'Home laptop' });
    expect(listedNames()).toEqual(['Home laptop', 'Phone']);
  });

  it("should toast 'Could not delete passkey' when the passkey was already deleted, and keep it listed", async () => {
    const api = apiWithTwoPasskeys();
    api.deleteFido2RegisteredCredential.mockRejectedValue(apiError('NOT_FOUND', 404, 'The passkey was not found'));
    const user = userEvent.setup();
    const { bus } = renderWithStore(<PasskeysPage userId="u1" />, { api });
    await user.click(await screen.findByRole('button', { name: 'Delete Phone' }));
    await waitFor(() => expect(bus.showToast).toHaveBeenCalledWith({ type: 'error', title: 'Could not delete passkey', message: 'The passkey was not found' }));
    expect(api.deleteFido2RegisteredCredential).toHaveBeenCalledWith('u1', 'c2');
    expect(listedNames()).toEqual(['Work laptop', 'Phone']);
    expect(bus.showToast).toHaveBeenCalledTimes(1);
  });

  it("should toast 'Passkey deleted' and drop it from the list", async () => {
    const api = apiWithTwoPasskeys();
    api.deleteFido2RegisteredCredential.mockResolvedValue(undefined);
    const user = userEvent.setup();
    const { bus } = renderWithStore(<PasskeysPage userId="u1" />, { api });
    await user.click(await screen.findByRole('button', { name: 'Delete Phone' }));
    await waitFor(() => expect(listedNames()).toEqual(['Work laptop']));
    expect(bus.showToast).toHaveBeenCalledWith({ type: 'success', title: 'Passkey deleted', message: '' });
  });
});
