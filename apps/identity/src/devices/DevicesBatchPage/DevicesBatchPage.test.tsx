/** @jest-environment jsdom */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, installMatchMedia, renderWithStore } from '../../testing/renderWithStore';
import { DevicesBatchPage } from './DevicesBatchPage';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

describe('DevicesBatchPage', () => {
  beforeAll(installMatchMedia);

  it('should upload the CSV text and show the stats with each refused row and column', async () => {
    const api = fakeApi();
    api.batchDevices.mockResolvedValue({ total: 2, created: 1, failed: 1, errors: [{ row: 2, column: 'ipAddress', message: 'is not an IPv4 address' }] });
    renderWithStore(<DevicesBatchPage />, { api });
    expect(screen.getByRole('button', { name: 'Upload' })).toHaveProperty('disabled', true);
    await userEvent.type(screen.getByRole('textbox', { name: 'CSV text' }), 'hostname,ipAddress{enter}a,10.0.0.1{enter}b,nope');
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(api.batchDevices).toHaveBeenCalledWith('hostname,ipAddress\na,10.0.0.1\nb,nope'));
    expect((await screen.findByText('2 rows: 1 created, 1 failed'))).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Refused rows' }).textContent).toBe('Row 2, ipAddress: is not an IPv4 address');
  });
});
