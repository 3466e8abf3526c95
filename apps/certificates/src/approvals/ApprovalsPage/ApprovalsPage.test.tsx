/** @jest-environment jsdom */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PKI_MESSAGES, type CertificateRequestSummary } from '@tessera/domain';
import { apiError, fakeApi, fakeBus, installMatchMedia, renderWithStore } from '../../testing/renderWithStore';
import { ApprovalsPage } from './ApprovalsPage';

const request = (i: number): CertificateRequestSummary => ({
  requestId: `rq${i}`,
  templateId: 't-1',
  template: 'approved-tls',
  caId: 'ca-1',
  subject: `CN=host-${i}.example.com`,
  status: 'under_submission',
  requestedBy: 'requester',
  createdAt: '2026-11-25T10:00:00.000Z',
});

describe('ApprovalsPage', () => {
  beforeAll(() => installMatchMedia());

  it('should list the requests awaiting approval 10 a page and approve one, which leaves the list with a toast', async () => {
    const api = fakeApi();
    const bus = fakeBus();
    api.listCertificateRequests.mockResolvedValue({ requests: Array.from({ length: 12 }, (_, i) => request(i)) });
    api.approveCertificateRequest.mockResolvedValue({ requestId: 'rq1', status: 'complete', certCN: 'host-1.example.com' });
    const user = userEvent.setup();
    renderWithStore(<ApprovalsPage />, { api, bus });
    const table = await screen.findByRole('table', { name: 'Requests awaiting approval' });
    await waitFor(() => expect(within(table).getByText('CN=host-1.example.com')).toBeTruthy());
    expect(within(table).queryByText('CN=host-11.example.com')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await within(table).findByText('CN=host-11.example.com')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Page 1' }));
    await user.click(await screen.findByRole('button', { name: 'Approve CN=host-1.example.com' }));
    await waitFor(() => expect(api.approveCertificateRequest).toHaveBeenCalledWith({ requestId: 'rq1', approve: true }));
    await waitFor(() => expect(within(table).queryByText('CN=host-1.example.com')).toBeNull());
    expect(bus.showToast).toHaveBeenCalledWith({ type: 'success', title: PKI_MESSAGES.CERTIFICATE_ISSUED, message: 'host-1.example.com' });
  });

  it("should deny a request, and keep one the server refused (one's own) with its message", async () => {
    const api = fakeApi();
    const bus = fakeBus();
    api.listCertificateRequests.mockResolvedValue({ requests: [request(1), request(2)] });
    api.approveCertificateRequest.mockImplementation(async ({ requestId }: { requestId: string }) => {
      if (requestId === 'rq2') throw apiError('FORBIDDEN', 'You cannot approve or deny your own request.', { status: 403 });
      return { requestId, status: 'failed', failureCode: 'REQUEST_DENIED', message: PKI_MESSAGES.REQUEST_DENIED };
    });
    const user = userEvent.setup();
    renderWithStore(<ApprovalsPage />, { api, bus });
    await user.click(await screen.findByRole('button', { name: 'Deny CN=host-1.example.com' }));
    await waitFor(() => expect(screen.queryByText('CN=host-1.example.com')).toBeNull());
    expect(bus.showToast).toHaveBeenCalledWith({ type: 'info', title: PKI_MESSAGES.REQUEST_DENIED, message: '' });
    await user.click(screen.getByRole('button', { name: 'Approve CN=host-2.example.com' }));
    await waitFor(() => expect(bus.showToast).toHaveBeenCalledWith({ type: 'error', title: 'The request was not decided', message: 'You cannot approve or deny your own request.' }));
    expect(screen.getByText('CN=host-2.example.com')).toBeTruthy();
  });

  it('should say so when nothing awaits approval, and show a failed load', async () => {
    const api = fakeApi();
    renderWithStore(<ApprovalsPage />, { api });
    expect(await screen.findByText('No requests await approval')).toBeTruthy();
    const failing = fakeApi();
    failing.listCertificateRequests.mockRejectedValue(apiError('FORBIDDEN', 'You do not have permission to do this', { status: 403 }));
    renderWithStore(<ApprovalsPage />, { api: failing });
    expect(await screen.findByText('You do not have permission to do this')).toBeTruthy();
  });

  it('should show only the request of approval/{id}, and say when it no longer awaits approval', async () => {
    const api = fakeApi();
    api.listCertificateRequests.mockResolvedValue({ requests: [request(1), request(2)] });
    renderWithStore(<ApprovalsPage requestId="rq2" />, { api });
    expect(screen.getByRole('heading', { name: 'Certificate approval' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Requests awaiting approval' });
    await waitFor(() => expect(within(table).getByText('CN=host-2.example.com')).toBeTruthy());
    expect(within(table).queryByText('CN=host-1.example.com')).toBeNull();
    expect(screen.getByRole('link', { name: 'All requests awaiting approval' }).getAttribute('href')).toBe('/credentials/certificates/approvals');
  });

  it('should say the request of approval/{id} does not await approval when the server does not list it', async () => {
    const api = fakeApi();
    api.listCertificateRequests.mockResolvedValue({ requests: [request(1)] });
    renderWithStore(<ApprovalsPage requestId="rq9" />, { api });
    expect(await screen.findByText('This request does not await approval')).toBeTruthy();
  });
});
