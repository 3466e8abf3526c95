/** @jest-environment jsdom */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, installMatchMedia } from '../../testing/fixtures';
import { fakeApi, renderWithStore } from '../../testing/renderWithStore';
import { RegisterPage } from './RegisterPage';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

const OPEN = { tenantId: 't1', tenantName: 'Acme', selfRegistration: true };

describe('/register (signin §7 VerifyRegistrationEmail, §8)', () => {
  beforeAll(installMatchMedia);

  it('should send the address with the tenant id and say a link was sent', async () => {
    const api = fakeApi();
    api.registrationConfig.mockResolvedValue(OPEN);
    api.verifyRegistrationEmail.mockResolvedValue(undefined);
    renderWithStore(<RegisterPage />, { api });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('E-mail address'), ' nora@example.test ');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(api.verifyRegistrationEmail).toHaveBeenCalledWith({ tenantId: 't1', emailAddress: 'nora@example.test' });
    expect((await screen.findByRole('status')).textContent).toBe('Check your e-mail: if this address can register, a link to finish registering has been sent to it.');
  });

  it("should show a refusal as 'Failed to verify email: {detail}' and keep the form", async () => {
    const api = fakeApi();
    api.registrationConfig.mockResolvedValue(OPEN);
    api.verifyRegistrationEmail.mockRejectedValue(Object.assign(apiError('TOO_MANY_REQUESTS', 'Too Many Requests'), { status: 429 }));
    renderWithStore(<RegisterPage />, { api });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('E-mail address'), 'nora@example.test');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to verify email: Too Many Requests');
    expect(screen.getByRole('button', { name: 'Send link' })).toBeTruthy();
  });

  it('should name the e-mail field when the server refuses the address', async () => {
    const api = fakeApi();
    api.registrationConfig.mockResolvedValue(OPEN);
    api.verifyRegistrationEmail.mockRejectedValue(apiError('VALIDATION', 'emailAddress must match format', { field: 'emailAddress' }));
    renderWithStore(<RegisterPage />, { api });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('E-mail address'), 'x@y');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText('Failed to verify email: emailAddress must match format')).toBeTruthy();
    expect(screen.getByLabelText('E-mail address').getAttribute('aria-invalid')).toBe('true');
  });

  it('should say registration is closed when the tenant does not allow it, with no form', async () => {
    const api = fakeApi();
    api.registrationConfig.mockResolvedValue({ ...OPEN, selfRegistration: false });
    renderWithStore(<RegisterPage />, { api });
    expect((await screen.findByRole('alert')).textContent).toBe('Self-registration is not open for this tenant.');
    expect(screen.queryByLabelText('E-mail address')).toBeNull();
    expect(api.verifyRegistrationEmail).not.toHaveBeenCalled();
  });
});
