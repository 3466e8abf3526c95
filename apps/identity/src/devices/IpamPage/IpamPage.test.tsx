/** @jest-environment jsdom */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, fakeApi, installMatchMedia, renderWithStore } from '../../testing/renderWithStore';
import { testSubnet } from '../testDevice';
import { IpamPage } from './IpamPage';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

describe('IpamPage', () => {
  beforeAll(installMatchMedia);

  it('should add a subnet (refusing a bad CIDR on its field), list it again and show its addresses', async () => {
    const api = fakeApi();
    api.listSubnets.mockResolvedValueOnce([]).mockResolvedValue([testSubnet()]);
    api.createSubnet.mockRejectedValueOnce(apiError('VALIDATION', 'Invalid CIDR', { field: 'cidr' })).mockResolvedValueOnce(testSubnet());
    api.subnetIps.mockResolvedValue({ subnet: testSubnet(), addresses: [{ ipAddress: '10.0.0.5', deviceId: 'd-1', hostname: 'printer-1' }] });
    renderWithStore(<IpamPage />, { api });
    expect(await screen.findByText('No subnets')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: 'CIDR' }), '10.0.0.1/33');
    await userEvent.click(screen.getByRole('button', { name: 'Add subnet' }));
    expect(await screen.findByText('Invalid CIDR')).toBeTruthy();
    await userEvent.clear(screen.getByRole('textbox', { name: 'CIDR' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'CIDR' }), '10.0.0.0/24');
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Office');
    await userEvent.click(screen.getByRole('button', { name: 'Add subnet' }));
    await waitFor(() => expect(api.createSubnet).toHaveBeenLastCalledWith({ cidr: '10.0.0.0/24', name: 'Office', description: '' }));
    const row = (await screen.findByRole('cell', { name: '10.0.0.0/24' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('1 of 256')).toBeTruthy();
    await userEvent.click(within(row).getByRole('button', { name: 'Addresses of 10.0.0.0/24' }));
    expect((await screen.findByRole('region', { name: 'Addresses of 10.0.0.0/24' })).textContent).toContain('10.0.0.5 — printer-1');
  });

  it('should keep a subnet the server refused to delete and say why', async () => {
    const api = fakeApi();
    api.listSubnets.mockResolvedValue([testSubnet()]);
    api.deleteSubnet.mockRejectedValue(apiError('CONFLICT', 'The subnet holds devices'));
    const { bus } = renderWithStore(<IpamPage />, { api });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete 10.0.0.0/24' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The subnet holds devices');
    expect(api.deleteSubnet).toHaveBeenCalledWith('s-1');
    expect(bus.showToast).toHaveBeenCalledWith(expect.objectContaining({ type: 'error', message: 'The subnet holds devices' }));
    expect(screen.getByRole('cell', { name: '10.0.0.0/24' })).toBeTruthy();
  });
});
