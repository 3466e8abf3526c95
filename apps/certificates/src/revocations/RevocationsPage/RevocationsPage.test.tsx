/** @jest-environment jsdom */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Revocation } from '@tessera/domain';
import { fakeApi, installMatchMedia, renderWithStore } from '../../testing/renderWithStore';
import { RevocationsPage } from './RevocationsPage';

const revocation = (i: number, over: Partial<Revocation> = {}): Revocation => ({
  revocationId: `rv${i}`,
  certId: `ca-1:0${i}`,
  caId: 'ca-1',
  serialNumber: `0${i}`,
  subject: `CN=device-${i}`,
  reason: 'keyCompromise',
  state: 'complete',
  requestedBy: 'admin',
  requestedAt: '2026-11-25T10:00:00.000Z',
  revokedAt: '2026-11-25T10:00:00.000Z',
  failureCode: null,
  ...over,
});

describe('RevocationsPage', () => {
  beforeAll(() => installMatchMedia());

  it('should list a page of revocations, page on the server and filter by state', async () => {
    const api = fakeApi();
    api.listRevocations.mockResolvedValue({ totalResults: 12, results: Array.from({ length: 10 }, (_, i) => revocation(i)) });
    const user = userEvent.setup();
    renderWithStore(<RevocationsPage />, { api });
    const table = await screen.findByRole('table', { name: 'Revocations' });
    await waitFor(() => expect(within(table).getByRole('link', { name: 'CN=device-3' }).getAttribute('href')).toBe('/credentials/certificates/view/ca-1:03'));
    // A complete revocation has nothing pending to open.
    expect(within(table).queryByRole('link', { name: 'Pending and failed revocations of CN=device-3' })).toBeNull();
    expect(api.listRevocations).toHaveBeenLastCalledWith({ page: 1 });
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(api.listRevocations).toHaveBeenLastCalledWith({ page: 2 }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'failed');
    await waitFor(() => expect(api.listRevocations).toHaveBeenLastCalledWith({ page: 1, state: 'failed' }));
  });

  it('should open on the pending revocations for searchPending and show a failure code', async () => {
    const api = fakeApi();
    api.listRevocations.mockResolvedValue({ totalResults: 1, results: [revocation(1, { state: 'failed', failureCode: 'CA_NOT_ACTIVE', revokedAt: null })] });
    renderWithStore(<RevocationsPage pendingOnly />, { api });
    expect(await screen.findByRole('heading', { name: 'Pending revocations' })).toBeTruthy();
    expect(api.listRevocations).toHaveBeenCalledWith({ page: 1, state: 'pending' });
    expect(await screen.findByText('failed (CA_NOT_ACTIVE)')).toBeTruthy();
    // A pending or failed revocation leads to its certificate's viewPending/{caId}/{certId} page.
    expect(screen.getByRole('link', { name: 'Pending and failed revocations of CN=device-1' }).getAttribute('href')).toBe('/credentials/certificates/revocations/viewPending/ca-1/01');
  });

  it('should search by subject or serial and sort by a column on the server, keeping the state filter', async () => {
    const api = fakeApi();
    api.listRevocations.mockResolvedValue({ totalResults: 1, results: [revocation(1)] });
    const user = userEvent.setup();
    renderWithStore(<RevocationsPage />, { api });
    await screen.findByRole('link', { name: 'CN=device-1' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'complete');
    await user.type(screen.getByRole('textbox', { name: 'Subject or serial number' }), '  device-1 ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.listRevocations).toHaveBeenLastCalledWith({ page: 1, state: 'complete', search: 'device-1' }));
    await user.click(screen.getByRole('button', { name: 'Reason' }));
    await waitFor(() => expect(api.listRevocations).toHaveBeenLastCalledWith({ page: 1, state: 'complete', search: 'device-1', sortField: 'reason', sortDirection: 'asc' }));
    expect(screen.getByRole('columnheader', { name: /Reason/ }).getAttribute('aria-sort')).toBe('ascending');
    await user.click(screen.getByRole('button', { name: 'Reason' }));
    await waitFor(() => expect(api.listRevocations).toHaveBeenLastCalledWith({ page: 1, state: 'complete', search: 'device-1', sortField: 'reason', sortDirection: 'desc' }));
  });
});
