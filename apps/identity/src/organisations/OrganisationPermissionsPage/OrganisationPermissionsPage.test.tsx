/** @jest-environment jsdom */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, installMatchMedia, renderWithStore, signInViewer, testOrganisation } from '../../testing/renderWithStore';
import { OrganisationPermissionsPage } from './OrganisationPermissionsPage';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

function setup() {
  const api = fakeApi();
  api.getOrganisation.mockResolvedValue(testOrganisation());
  api.getOrganisationPermissions.mockResolvedValue({ orgId: 'o-1', permissions: ['ticketView'], blacklist: [] });
  return renderWithStore(<OrganisationPermissionsPage params={{ orgId: 'o-1' }} />, { api });
}

describe('OrganisationPermissionsPage', () => {
  beforeAll(installMatchMedia);

  it("should save the organisation's permissions and blacklist", async () => {
    signInViewer(['orgView', 'orgEdit']);
    const { api, bus } = setup();
    api.setOrganisationPermissions.mockResolvedValue({ orgId: 'o-1', permissions: ['ticketView', 'ticketAdd'], blacklist: ['userView'] });
    expect(await screen.findByRole('heading', { name: 'Permissions of Acme' })).toBeTruthy();
    const permissions = screen.getByRole('group', { name: 'Permissions' });
    expect(within(permissions).getByRole('checkbox', { name: 'ticketView' })).toHaveProperty('checked', true);
    await userEvent.click(within(permissions).getByRole('checkbox', { name: 'ticketAdd' }));
    await userEvent.click(within(screen.getByRole('group', { name: 'Blacklist' })).getByRole('checkbox', { name: 'userView' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save permissions' }));
    await waitFor(() => expect(api.setOrganisationPermissions).toHaveBeenCalledWith('o-1', { permissions: ['ticketView', 'ticketAdd'], blacklist: ['userView'] }));
    await waitFor(() => expect(bus.showToast).toHaveBeenCalledWith({ type: 'success', title: 'Organisations', message: "The organisation's permissions were saved" }));
  });

  it('should show them read-only to a viewer without orgEdit', async () => {
    signInViewer(['orgView']);
    setup();
    const permissions = await screen.findByRole('group', { name: 'Permissions' });
    expect(within(permissions).getByRole('checkbox', { name: 'ticketView' })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Save permissions' })).toBeNull();
  });
});
