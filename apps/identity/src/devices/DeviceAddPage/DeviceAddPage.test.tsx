/** @jest-environment jsdom */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { navigateToUrl } from 'single-spa';
import { apiError, fakeApi, installMatchMedia, renderWithStore } from '../../testing/renderWithStore';
import { testDevice } from '../testDevice';
import { DeviceAddPage } from './DeviceAddPage';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

describe('DeviceAddPage', () => {
  beforeAll(installMatchMedia);

  it('should show the field the server refused, then add the device and open it', async () => {
    const api = fakeApi();
    api.createDevice.mockRejectedValueOnce(apiError('VALIDATION', 'ipAddress: is not an IPv4 address', { field: 'ipAddress' })).mockResolvedValueOnce(testDevice({ id: 'd-9' }));
    const { bus } = renderWithStore(<DeviceAddPage />, { api });
    await userEvent.type(screen.getByRole('textbox', { name: 'Host name' }), ' printer-1 ');
    await userEvent.type(screen.getByRole('textbox', { name: 'IP address' }), '10.0.0.999');
    await userEvent.click(screen.getByRole('button', { name: 'Add device' }));
    expect((await screen.findByText('ipAddress: is not an IPv4 address')).id).toMatch(/-error$/);
    expect(screen.getByRole('textbox', { name: 'IP address' }).getAttribute('aria-invalid')).toBe('true');
    expect(api.createDevice).toHaveBeenCalledWith({ hostname: 'printer-1', serialNumber: '', deviceType: '', description: '', ipAddress: '10.0.0.999', macAddress: '' });
    await userEvent.clear(screen.getByRole('textbox', { name: 'IP address' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'IP address' }), '10.0.0.5');
    await userEvent.click(screen.getByRole('button', { name: 'Add device' }));
    await waitFor(() => expect(navigateToUrl).toHaveBeenCalledWith('/identity/devices/view/d-9'));
    expect(bus.showToast).toHaveBeenCalledWith(expect.objectContaining({ type: 'success', message: 'Device added' }));
  });
});
