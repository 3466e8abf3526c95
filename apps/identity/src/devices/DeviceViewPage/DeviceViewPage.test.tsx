/** @jest-environment jsdom */
import { screen, waitFor } from '@testing-library/react';
import { fakeApi, installMatchMedia, renderWithStore, signInViewer } from '../../testing/renderWithStore';
import { testDevice } from '../testDevice';
import { DeviceViewPage } from './DeviceViewPage';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

describe('DeviceViewPage', () => {
  beforeAll(installMatchMedia);

  it('should show the device with Edit for deviceEdit and no Clone without deviceAdd', async () => {
    signInViewer(['deviceView', 'deviceEdit']);
    const api = fakeApi();
    api.getDevice.mockResolvedValue(testDevice());
    renderWithStore(<DeviceViewPage params={{ id: 'd-1' }} />, { api });
    expect(await screen.findByRole('heading', { level: 1, name: 'printer-1' })).toBeTruthy();
    expect(screen.getByText('10.0.0.5')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/identity/devices/edit/d-1');
    expect(screen.queryByRole('link', { name: 'Clone' })).toBeNull();
    expect(api.getDevice).toHaveBeenCalledWith('d-1');
    expect(screen.getByRole('region', { name: 'Certificate endpoints' })).toBeTruthy();
    await waitFor(() => expect(api.listDeviceEndpoints).toHaveBeenCalledWith('d-1'));
  });

  it('should show a read failure', async () => {
    const api = fakeApi();
    api.getDevice.mockRejectedValue(Object.assign(new Error('Device not found'), { code: 'NOT_FOUND' }));
    renderWithStore(<DeviceViewPage params={{ id: 'd-x' }} />, { api });
    expect((await screen.findByRole('alert')).textContent).toBe('Device not found');
  });
});
