/** @jest-environment jsdom */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { navigateToUrl } from 'single-spa';
import { apiError, fakeApi, installMatchMedia, renderWithStore, testRole } from '../../testing/renderWithStore';
import { RoleEditPage } from './RoleEditPage';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

describe('RoleEditPage', () => {
  beforeAll(installMatchMedia);

  it('should edit the permission list and the blacklist, grouped by menu area', async () => {
    const api = fakeApi();
    api.getRole.mockResolvedValue(testRole({ permissions: ['userView'] }));
    api.updateRole.mockResolvedValue(testRole());
    const { bus } = renderWithStore(<RoleEditPage params={{ id: 'r-1' }} />, { api });
    const permissions = await screen.findByRole('group', { name: 'Permissions' });
    const identity = within(permissions).getByRole('group', { name: 'identity' });
    expect(within(identity).getByRole('checkbox', { name: 'userView' })).toHaveProperty('checked', true);
    await userEvent.click(within(identity).getByRole('checkbox', { name: 'userEdit' }));
    const blacklist = screen.getByRole('group', { name: 'Blacklist' });
    await userEvent.click(within(blacklist).getByRole('checkbox', { name: 'userView' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.updateRole).toHaveBeenCalledWith({ id: 'r-1', name: 'Operator', permissions: ['userView', 'userEdit'], blacklist: ['userView'], isManager: false }));
    await waitFor(() => expect(bus.showToast).toHaveBeenCalledWith({ type: 'success', title: 'Roles', message: 'The role was successfully updated' }));
    expect(navigateToUrl).toHaveBeenCalledWith('/identity/roles/view/r-1');
  });

  it('should leave out an unchanged permission list and show a refusal on the form', async () => {
    const api = fakeApi();
    api.getRole.mockResolvedValue(testRole({ name: 'Administrator', permissions: ['userView'] }));
    api.updateRole.mockRejectedValue(apiError('FORBIDDEN', 'You cannot edit a role you hold.'));
    renderWithStore(<RoleEditPage params={{ id: 'r-1' }} />, { api });
    const blacklist = await screen.findByRole('group', { name: 'Blacklist' });
    await userEvent.click(within(blacklist).getByRole('checkbox', { name: 'audit' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('You cannot edit a role you hold.')).toBeTruthy();
    expect(api.updateRole).toHaveBeenCalledWith({ id: 'r-1', name: 'Administrator', blacklist: ['audit'], isManager: false });
  });
});
