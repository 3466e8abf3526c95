/** @jest-environment jsdom */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { navigateToUrl } from 'single-spa';
import { MESSAGES } from '@tessera/domain';
import { apiError, fakeApi, installMatchMedia, page, renderWithStore, signInViewer, testRole, testUser } from '../../testing/renderWithStore';
import { UserEditPage } from './UserEditPage';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

function setup() {
  const api = fakeApi();
  api.getUser.mockResolvedValue(testUser());
  api.listRoles.mockResolvedValue(page([testRole(), testRole({ id: 'r-2', name: 'Auditor' })]));
  api.listOrganisations.mockResolvedValue(page([]));
  api.updateUser.mockResolvedValue(testUser());
  return { ...renderWithStore(<UserEditPage params={{ id: 'u-1' }} />, { api }) };
}

describe('UserEditPage', () => {
  beforeAll(installMatchMedia);
  beforeEach(() => signInViewer(['userView', 'userEdit']));

  it('should save a change of an unprotected field without asking for a password', async () => {
    const { api, bus } = setup();
    const given = await screen.findByRole('textbox', { name: 'Given name' });
    await userEvent.clear(given);
    await userEvent.type(given, 'Alicia');
    await userEvent.type(screen.getByRole('textbox', { name: 'Registration' }), 'ABC123');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.updateUser).toHaveBeenCalledWith({ id: 'u-1', givenName: 'Alicia', categories: { vehicles: { registration: 'ABC123' } } }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(bus.showToast).toHaveBeenCalledWith({ type: 'success', title: 'Users', message: MESSAGES.USER_UPDATED }));
    expect(navigateToUrl).toHaveBeenCalledWith('/identity/users/view/u-1');
  });

  it('should ask for the password again when a protected field changes and send it with the change', async () => {
    const { api } = setup();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Auditor' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'A protected field was modified. Please re-enter the existing password' });
    expect(api.updateUser).not.toHaveBeenCalled();
    expect(dialog).toBeTruthy();
    api.updateUser.mockRejectedValueOnce(apiError('VALIDATION', 'The current password is not correct.', { field: 'currentPassword' }));
    await userEvent.type(screen.getByLabelText('Your password'), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The current password is not correct.')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('Your password'));
    await userEvent.type(screen.getByLabelText('Your password'), 'right-password');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(api.updateUser).toHaveBeenLastCalledWith({ id: 'u-1', roleIds: ['r-1', 'r-2'], currentPassword: 'right-password' }));
  });

  it('should refuse a username with a disallowed character with the message of admin-console §5', async () => {
    const { api } = setup();
    const username = await screen.findByRole('textbox', { name: 'Username' });
    await userEvent.clear(username);
    await userEvent.type(username, 'ali#ce');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("The character '#' is not allowed in usernames.")).toBeTruthy();
    expect(api.updateUser).not.toHaveBeenCalled();
  });
});
