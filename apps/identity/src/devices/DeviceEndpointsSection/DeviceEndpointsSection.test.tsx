/** @jest-environment jsdom */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeviceEndpoint } from '@tessera/domain';
import { apiError, fakeApi, installMatchMedia, renderWithStore } from '../../testing/renderWithStore';
import { DeviceEndpointsSection } from './DeviceEndpointsSection';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

function endpoint(over: Partial<DeviceEndpoint> = {}): DeviceEndpoint {
  return { id: 'e-1', deviceId: 'd-1', deviceHostname: 'web-01', host: 'web.acme.example', port: 443, serverName: '', label: '', lastScanAt: null, lastScanError: null, certificate: null, status: 'not_scanned', createdAt: '2026-01-01T00:00:00.000Z', ...over };
}
const scanned = endpoint({
  lastScanAt: '2026-11-28T10:00:00.000Z',
  status: 'valid',
  certificate: { fingerprint: 'AA', serialNumber: '1f2e', issuer: 'CN=Issuing', subject: 'CN=web.acme.example', notAfter: '2027-02-01T00:00:00.000Z', certId: 'ca-1:1f2e', tesseraStatus: 'issued' },
});

describe('DeviceEndpointsSection', () => {
  beforeAll(installMatchMedia);

  it('should add an endpoint (a bad port shown on its field), scan it with a spinner and show the matched Tessera certificate', async () => {
    const api = fakeApi();
    api.listDeviceEndpoints.mockResolvedValueOnce([]).mockResolvedValueOnce([endpoint()]).mockResolvedValue([scanned]);
    api.createDeviceEndpoint.mockRejectedValueOnce(apiError('VALIDATION', 'Enter a port from 1 to 65535.', { field: 'port' })).mockResolvedValueOnce(endpoint());
    let finishScan: (e: DeviceEndpoint) => void = () => undefined;
    api.scanDeviceEndpoint.mockImplementation(() => new Promise((resolve) => (finishScan = resolve)));
    renderWithStore(<DeviceEndpointsSection deviceId="d-1" canEdit />, { api });
    expect(await screen.findByText('No certificate endpoints')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: 'Host' }), 'web.acme.example');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Port' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Port' }), '70000');
    await userEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByText('Enter a port from 1 to 65535.')).toBeTruthy();
    await userEvent.clear(screen.getByRole('textbox', { name: 'Port' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Port' }), '443');
    await userEvent.type(screen.getByRole('textbox', { name: 'Server name (SNI)' }), 'web.acme.example');
    await userEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    await waitFor(() => expect(api.createDeviceEndpoint).toHaveBeenLastCalledWith({ deviceId: 'd-1', host: 'web.acme.example', port: 443, serverName: 'web.acme.example' }));
    const row = await screen.findByRole('row', { name: 'web.acme.example:443' });
    expect(within(row).getByText('Not scanned')).toBeTruthy();
    await userEvent.click(within(row).getByRole('button', { name: 'Scan web.acme.example:443' }));
    expect(await screen.findByText('Scanning web.acme.example:443')).toBeTruthy();
    expect(api.scanDeviceEndpoint).toHaveBeenCalledWith('e-1');
    await act(async () => finishScan(scanned));
    const after = await screen.findByRole('row', { name: 'web.acme.example:443' });
    await waitFor(() => expect(within(after).getByText('Valid')).toBeTruthy());
    expect(within(after).getByText('CN=web.acme.example')).toBeTruthy();
    expect(within(after).getByText('Expires 2027-02-01')).toBeTruthy();
    expect(within(after).getByRole('link', { name: 'Tessera certificate 1f2e' }).getAttribute('href')).toBe('/credentials/certificates/view/ca-1%3A1f2e');
    expect(screen.queryByText('Scanning web.acme.example:443')).toBeNull();
  });

  it('should show a failed scan, an unknown certificate, and no edit controls without deviceEdit', async () => {
    const api = fakeApi();
    api.listDeviceEndpoints.mockResolvedValue([
      endpoint({ id: 'e-2', host: '10.0.0.9', port: 8443, lastScanAt: '2026-11-28T10:00:00.000Z', lastScanError: 'The connection was refused.', status: 'error' }),
      endpoint({ id: 'e-3', host: 'old.acme.example', lastScanAt: '2026-11-28T10:00:00.000Z', status: 'unknown', certificate: { ...scanned.certificate!, certId: null, tesseraStatus: null, serialNumber: '99' } }),
    ]);
    renderWithStore(<DeviceEndpointsSection deviceId="d-1" canEdit={false} />, { api });
    const failed = await screen.findByRole('row', { name: '10.0.0.9:8443' });
    expect(within(failed).getByText('Scan failed')).toBeTruthy();
    expect(within(failed).getByText('The connection was refused.')).toBeTruthy();
    const unknown = screen.getByRole('row', { name: 'old.acme.example:443' });
    expect(within(unknown).getByText('Unknown to Tessera')).toBeTruthy();
    expect(within(unknown).getByText('Not issued by Tessera (serial 99)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Scan/ })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Add endpoint' })).toBeNull();
  });

  it('should delete an endpoint and say why a delete was refused', async () => {
    const api = fakeApi();
    api.listDeviceEndpoints.mockResolvedValue([endpoint()]);
    api.deleteDeviceEndpoint.mockRejectedValue(apiError('NOT_FOUND', 'The endpoint was not found'));
    renderWithStore(<DeviceEndpointsSection deviceId="d-1" canEdit />, { api });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete web.acme.example:443' }));
    expect(api.deleteDeviceEndpoint).toHaveBeenCalledWith('e-1');
    expect((await screen.findByRole('alert')).textContent).toBe('The endpoint was not found');
  });
});
