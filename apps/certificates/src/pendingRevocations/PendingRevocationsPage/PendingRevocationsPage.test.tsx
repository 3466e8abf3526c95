/** @jest-environment jsdom */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PKI_MESSAGES, type Revocation } from '@tessera/domain';
import { apiError, fakeApi, fakeBus, installMatchMedia, renderWithStore } from '../../testing/renderWithStore';
import { PendingRevocationsPage } from './PendingRevocationsPage';

const revocation = (id: string, over: Partial<Revocation> = {}): Revocation => ({
  revocationId: id,
  certId: 'ca-1:0a',
  caId: 'ca-1',
  serialNumber: '0a',
  subject: 'CN=device.example.com',
  reason: 'superseded',
  state: 'pending',
  requestedBy: 'requester',
  requestedAt: '2026-11-25T10:00:00.000Z',
  revokedAt: null,
  failureCode: null,
  ...over,
});

describe('PendingRevocationsPage', () => {
  beforeAll(() => installMatchMedia());

  it("should list a certificate's pending and failed revocations and approve a pending one, then reload", async () => {
    const api = fakeApi();
    const bus = fakeBus();
    api.listRevocations.mockResolvedValueOnce({ totalResults: 2, results: [revocation('rv1'), revocation('rv2', { state: 'failed', failureCode: 'ALREADY_REVOKED' })] });
    api.listRevocations.mockResolvedValueOnce({ totalResults: 1, results: [revocation('rv2', { state: 'failed', failureCode: 'ALREADY_REVOKED' })] });
    api.approveRevocation.mockResolvedValue({ complete: true });
    const user = userEvent.setup();
    renderWithStore(<PendingRevocationsPage certId="ca-1:0a" />, { api, bus });
    expect(await screen.findByText('failed (ALREADY_REVOKED)')).toBeTruthy();
    expect(api.listRevocations).toHaveBeenCalledWith({ state: ['pending', 'failed'], certId: 'ca-1:0a' });
    expect(screen.getByRole('link', { name: 'CN=device.example.com' }).getAttribute('href')).toBe('/credentials/certificates/view/ca-1:0a');
    // Only the pending one can be acted on.
    expect(screen.getAllByRole('button', { name: 'Approve revocation' })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Approve revocation' }));
    await waitFor(() => expect(api.approveRevocation).toHaveBeenCalledWith({ revocationId: 'rv1', approve: true }));
    await waitFor(() => expect(api.listRevocations).toHaveBeenCalledTimes(2));
    expect(bus.showToast).toHaveBeenCalledWith({ type: 'success', title: PKI_MESSAGES.REVOKED, message: 'The CRL and OCSP answer revoked.' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve revocation' })).toBeNull());
  });

  it('should deny and cancel, and show what the server refused', async () => {
    const api = fakeApi();
    const bus = fakeBus();
    api.listRevocations.mockResolvedValue({ totalResults: 1, results: [revocation('rv1')] });
    api.approveRevocation.mockRejectedValueOnce(apiError('FORBIDDEN', 'You cannot approve or deny your own request.', { status: 403 }));
    api.cancelRevocation.mockResolvedValue(undefined);
    const user = userEvent.setup();
    renderWithStore(<PendingRevocationsPage certId="ca-1:0a" />, { api, bus });
    await user.click(await screen.findByRole('button', { name: 'Deny' }));
    await waitFor(() => expect(bus.showToast).toHaveBeenCalledWith({ type: 'error', title: 'The revocation was not changed', message: 'You cannot approve or deny your own request.' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel revocation' }).hasAttribute('disabled')).toBe(false));
    await user.click(screen.getByRole('button', { name: 'Cancel revocation' }));
    await waitFor(() => expect(api.cancelRevocation).toHaveBeenCalledWith('rv1'));
    await waitFor(() => expect(bus.showToast).toHaveBeenCalledWith({ type: 'success', title: PKI_MESSAGES.REVOCATION_CANCELLED, message: '' }));
  });
});
