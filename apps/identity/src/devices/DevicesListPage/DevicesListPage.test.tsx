/** @jest-environment jsdom */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, installMatchMedia, page, renderWithStore, signInViewer } from '../../testing/renderWithStore';
import { testDevice } from '../testDevice';
import { DevicesListPage } from './DevicesListPage';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

describe('DevicesListPage', () => {
  beforeAll(installMatchMedia);

  it('should list devices with links, search on the server, and offer only the links the viewer may follow', async () => {
    signInViewer(['deviceView', 'deviceAdd']);
    const api = fakeApi();
    api.listDevices.mockResolvedValue(page([testDevice(), testDevice({ id: 'd-2', hostname: 'laptop-7' })]));
    renderWithStore(<DevicesListPage />, { api });
    expect((await screen.findByRole('link', { name: 'laptop-7' })).getAttribute('href')).toBe('/identity/devices/view/d-2');
    expect(api.listDevices).toHaveBeenCalledWith({ skip: 0, take: 10 });
    expect(screen.getByRole('link', { name: 'Add device' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add devices from CSV' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Subnets' })).toBeNull();
    await userEvent.type(screen.getByRole('textbox', { name: 'Search text' }), 'lap');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.listDevices).toHaveBeenLastCalledWith({ skip: 0, take: 10, search: 'lap' }));
  });
});
