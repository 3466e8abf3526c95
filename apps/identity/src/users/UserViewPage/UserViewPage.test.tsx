/** @jest-environment jsdom */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { navigateToUrl } from 'single-spa';
import { MESSAGES, USER_FIELD_CATEGORIES } from '@tessera/domain';
import { apiError, fakeApi, installMatchMedia, page, renderWithStore, signInViewer, testRole, testUser } from '../../testing/renderWithStore';
import { UserViewPage } from './UserViewPage';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

function setup(user = testUser()) {
  const api = fakeApi();
  api.getUser.mockResolvedValue(user);
  api.listRoles.mockResolvedValue(page([testRole()]));
  return { ...renderWithStore(<UserViewPage params={{ id: user.id }} />, { api }) };
}

describe('UserViewPage', () => {
  beforeAll(installMatchMedia);

  it('should show the record by section with the role names', async () => {
    signInViewer(['userView']);
    setup(testUser({ categories: { personal: { title: 'Dr' }, organisationDetails: {}, passType: {}, privileges: { canSponsor: true }, medical: {}, vehicles: {} } }));
    expect(await screen.findByRole('heading', { name: 'Alice Archer' })).toBeTruthy();
    // One section per signin §3 category, then login details and the metadata timestamps.
    for (const category of USER_FIELD_CATEGORIES) expect(screen.getByRole('heading', { name: category.title })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Login details' })).toBeTruthy();
    const metadata = within(screen.getByRole('region', { name: 'Metadata' }));
    expect(metadata.getByText('Created')).toBeTruthy();
    expect(metadata.getByText('Updated')).toBeTruthy();
    expect(screen.getByText('Dr')).toBeTruthy();
    expect(await screen.findByText('Operator')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Deactivate' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
  });

  it('should deactivate and activate with the user alerts of admin-console §8', async () => {
    signInViewer(['userView', 'userEdit']);
    const { api, bus } = setup();
    api.updateUser.mockResolvedValueOnce(testUser({ enabled: false }));
    api.getUser.mockResolvedValue(testUser({ enabled: false }));
    await userEvent.click(await screen.findByRole('button', { name: 'Deactivate' }));
    expect(api.updateUser).toHaveBeenCalledWith({ id: 'u-1', enabled: false });
    await waitFor(() => expect(bus.showToast).toHaveBeenCalledWith({ type: 'success', title: 'Users', message: MESSAGES.USER_DEACTIVATED }));
    api.updateUser.mockResolvedValueOnce(testUser());
    await userEvent.click(await screen.findByRole('button', { name: 'Activate' }));
    expect(api.updateUser).toHaveBeenLastCalledWith({ id: 'u-1', enabled: true });
    await waitFor(() => expect(bus.showToast).toHaveBeenCalledWith({ type: 'success', title: 'Users', message: 'The user was successfully activated' }));
  });

  it('should delete after a confirmation and go back to the list', async () => {
    signInViewer(['userView', 'userDelete']);
    const { api, bus } = setup();
    api.deleteUser.mockResolvedValue(null);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(api.deleteUser).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Delete user' }));
    await waitFor(() => expect(bus.showToast).toHaveBeenCalledWith({ type: 'success', title: 'Users', message: 'The user was successfully deleted' }));
    expect(api.deleteUser).toHaveBeenCalledWith('u-1');
    expect(navigateToUrl).toHaveBeenCalledWith('/identity/users');
  });

  it('should show the server refusal of a delete', async () => {
    signInViewer(['userView', 'userDelete']);
    const { api, bus } = setup();
    api.deleteUser.mockRejectedValue(apiError('FORBIDDEN', 'You cannot delete an account holding permissions you do not hold.'));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete user' }));
    await waitFor(() => expect(bus.showToast).toHaveBeenCalledWith({ type: 'error', title: 'Users', message: 'You cannot delete an account holding permissions you do not hold.' }));
  });
});
