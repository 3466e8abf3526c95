/** @jest-environment jsdom */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeviceEndpoint } from '@tessera/domain';
import { fakeApi, installMatchMedia, renderWithStore } from '../../testing/renderWithStore';
import { DeviceEndpointMapPage } from './DeviceEndpointMapPage';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

const revoked: DeviceEndpoint = {
  id: 'e-1', deviceId: 'd-1', deviceHostname: 'web-01', host: 'web.acme.example', port: 443, serverName: '', label: '', lastScanAt: '2026-11-28T10:00:00.000Z', lastScanError: null,
  certificate: { fingerprint: 'AA', serialNumber: '1f', issuer: 'CN=Issuing', subject: 'CN=web.acme.example', notAfter: '2027-01-01T00:00:00.000Z', certId: 'ca-1:1f', tesseraStatus: 'revoked' },
  status: 'revoked', createdAt: '2026-11-28T09:00:00.000Z',
};

describe('DeviceEndpointMapPage', () => {
  beforeAll(installMatchMedia);

  it('should list the endpoints with their status, and search and sort on the server', async () => {
    const api = fakeApi();
    api.deviceEndpointMap.mockResolvedValue({ totalResults: 1, results: [revoked] });
    renderWithStore(<DeviceEndpointMapPage />, { api });
    const cell = await screen.findByRole('cell', { name: 'web.acme.example:443' });
    const row = cell.closest('tr') as HTMLElement;
    expect(within(row).getByText('Revoked')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'CN=web.acme.example' }).getAttribute('href')).toBe('/credentials/certificates/view/ca-1%3A1f');
    expect(within(row).getByRole('link', { name: 'web-01' }).getAttribute('href')).toBe('/identity/devices/view/d-1');
    expect(api.deviceEndpointMap).toHaveBeenLastCalledWith({ skip: 0, take: 10, sort: 'host', order: 'asc' });
    await userEvent.click(screen.getByRole('button', { name: 'Expires' }));
    await waitFor(() => expect(api.deviceEndpointMap).toHaveBeenLastCalledWith({ skip: 0, take: 10, sort: 'notAfter', order: 'asc' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Search text' }), 'web');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.deviceEndpointMap).toHaveBeenLastCalledWith({ skip: 0, take: 10, sort: 'notAfter', order: 'asc', search: 'web' }));
  });
});
