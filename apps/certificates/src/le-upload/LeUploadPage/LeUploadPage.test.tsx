/** @jest-environment jsdom */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACME_CLIENT_STEPS, initialAcmeClientSteps, type AcmeClientRun } from '@tessera/domain';
import { apiError, fakeApi, installMatchMedia, renderWithStore } from '../../testing/renderWithStore';
import { LeUploadPage } from './LeUploadPage';

const DIRECTORY = 'https://acme.example.net/directory';
const runWith = (over: Partial<AcmeClientRun>): AcmeClientRun => ({ runId: 'run-1', directoryUrl: DIRECTORY, domain: 'www.acme.localhost', state: 'running', steps: initialAcmeClientSteps(), error: null, certId: null, createdAt: '2026-11-29T03:00:00.000Z', ...over });

describe('LeUploadPage (le/upload: the console as an ACME client)', () => {
  beforeAll(() => installMatchMedia());

  it('should pick a name under an allowed wildcard, start a run, show each step as it is polled, and link the certificate', async () => {
    const api = fakeApi();
    api.listAcmeClientDomains.mockResolvedValue({ domains: ['*.acme.localhost', 'example.com'] });
    api.startAcmeClientOrder.mockResolvedValue(runWith({}));
    const halfway = initialAcmeClientSteps().map((s, i) => ({ ...s, state: i < 3 ? ('done' as const) : i === 3 ? ('running' as const) : ('pending' as const), detail: i === 0 ? 'new account https://acme.example.net/acct/1' : null }));
    api.getAcmeClientOrder.mockResolvedValueOnce(runWith({ steps: halfway })).mockResolvedValueOnce(runWith({ state: 'succeeded', steps: initialAcmeClientSteps().map((s) => ({ ...s, state: 'done' as const })), certId: 'ca-1:2a' }));
    const user = userEvent.setup();
    const { bus } = renderWithStore(<LeUploadPage />, { api });
    expect(screen.getByRole('heading', { level: 1, name: "Let's Encrypt certificate" })).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Allowed domain' }) as HTMLSelectElement).value).toBe('*.acme.localhost'));
    await user.type(screen.getByRole('textbox', { name: 'ACME directory URL' }), DIRECTORY);
    // A wildcard needs the name under it.
    await user.click(screen.getByRole('button', { name: 'Obtain certificate' }));
    expect(screen.getByRole('alert').textContent).toBe('Type the name under acme.localhost');
    expect(api.startAcmeClientOrder).not.toHaveBeenCalled();
    await user.type(screen.getByRole('textbox', { name: 'Name under acme.localhost' }), 'www');
    await user.click(screen.getByRole('button', { name: 'Obtain certificate' }));
    expect(api.startAcmeClientOrder).toHaveBeenCalledWith({ directoryUrl: DIRECTORY, domain: 'www.acme.localhost' });
    const progress = await screen.findByRole('list', { name: 'ACME order progress' });
    expect(within(progress).getAllByRole('listitem').map((li) => li.getAttribute('data-state'))).toEqual(['pending', 'pending', 'pending', 'pending', 'pending', 'pending']);
    await waitFor(() => expect(within(progress).getAllByRole('listitem').map((li) => li.getAttribute('data-state'))).toEqual(['done', 'done', 'done', 'running', 'pending', 'pending']), { timeout: 3000 });
    expect(within(progress).getAllByRole('listitem')[0]!.textContent).toBe('Registration: Done — new account https://acme.example.net/acct/1');
    const result = await screen.findByRole('status', { name: 'ACME result' }, { timeout: 3000 });
    expect(within(result).getByRole('link', { name: 'View the certificate' }).getAttribute('href')).toBe('/credentials/certificates/view/ca-1:2a');
    expect(bus.showToast).toHaveBeenCalledWith({ type: 'success', title: 'Certificate obtained', message: 'www.acme.localhost' });
    expect(api.getAcmeClientOrder).toHaveBeenCalledTimes(2);
    expect(ACME_CLIENT_STEPS).toHaveLength(6);
  });

  it("should check the fields before sending and show the server's refusal on its field", async () => {
    const api = fakeApi();
    api.listAcmeClientDomains.mockResolvedValue({ domains: ['example.com'] });
    api.startAcmeClientOrder.mockRejectedValue(apiError('VALIDATION', 'domain example.com is not in your allowed domains (/admin/alloweddomains)', { field: 'domain' }));
    const user = userEvent.setup();
    renderWithStore(<LeUploadPage />, { api });
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Allowed domain' }) as HTMLSelectElement).value).toBe('example.com'));
    await user.click(screen.getByRole('button', { name: 'Obtain certificate' }));
    expect(screen.getByRole('textbox', { name: 'ACME directory URL' }).getAttribute('aria-invalid')).toBe('true');
    await user.type(screen.getByRole('textbox', { name: 'ACME directory URL' }), DIRECTORY);
    await user.type(screen.getByRole('textbox', { name: 'EAB key id (optional)' }), 'kid-1');
    await user.click(screen.getByRole('button', { name: 'Obtain certificate' }));
    expect(screen.getByLabelText('EAB HMAC key (optional)').getAttribute('aria-invalid')).toBe('true');
    expect(api.startAcmeClientOrder).not.toHaveBeenCalled();
    await user.clear(screen.getByRole('textbox', { name: 'EAB key id (optional)' }));
    await user.click(screen.getByRole('button', { name: 'Obtain certificate' }));
    expect((await screen.findByRole('alert')).textContent).toBe('domain example.com is not in your allowed domains (/admin/alloweddomains)');
  });

  it('should show the failed step and its message', async () => {
    const api = fakeApi();
    api.listAcmeClientDomains.mockResolvedValue({ domains: ['example.com'] });
    api.startAcmeClientOrder.mockResolvedValue(runWith({ domain: 'example.com' }));
    const failed = initialAcmeClientSteps().map((s, i) => ({ ...s, state: i === 0 ? ('done' as const) : i === 1 ? ('failed' as const) : ('pending' as const), detail: i === 1 ? 'rejectedIdentifier: not allowed' : null }));
    api.getAcmeClientOrder.mockResolvedValue(runWith({ domain: 'example.com', state: 'failed', steps: failed, error: 'order: rejectedIdentifier: not allowed' }));
    const user = userEvent.setup();
    const { bus } = renderWithStore(<LeUploadPage />, { api });
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Allowed domain' }) as HTMLSelectElement).value).toBe('example.com'));
    await user.type(screen.getByRole('textbox', { name: 'ACME directory URL' }), DIRECTORY);
    await user.click(screen.getByRole('button', { name: 'Obtain certificate' }));
    const result = await screen.findByRole('alert', { name: 'ACME result' }, { timeout: 3000 });
    expect(result.textContent).toBe('order: rejectedIdentifier: not allowed');
    expect(screen.getAllByRole('listitem')[1]!.textContent).toBe('Order: Failed — rejectedIdentifier: not allowed');
    expect(bus.showToast).toHaveBeenCalledWith({ type: 'error', title: 'ACME order failed', message: 'order: rejectedIdentifier: not allowed' });
  });
});
