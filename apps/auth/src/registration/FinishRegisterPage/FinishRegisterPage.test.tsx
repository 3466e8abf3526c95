/** @jest-environment jsdom */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, installMatchMedia } from '../../testing/fixtures';
import { fakeApi, renderWithStore } from '../../testing/renderWithStore';
import { FinishRegisterPage } from './FinishRegisterPage';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

const PASSWORD = 'Velvet-Lantern-Quarry-42';

describe('/finish-register (issue 13)', () => {
  beforeAll(installMatchMedia);

  it('should check the link, refuse a bad username and mismatched passwords before sending, show a server refusal on its field, then succeed', async () => {
    const api = fakeApi();
    api.validateEmailLink.mockResolvedValue({ valid: true, emailAddress: 'nora@example.test', username: null });
    api.finishRegistration
      .mockRejectedValueOnce(Object.assign(apiError('CONFLICT', 'username is already taken', { field: 'username' }), { status: 409 }))
      .mockResolvedValueOnce({ userId: 'u9', username: 'nora' });
    renderWithStore(<FinishRegisterPage token="tok" />, { api });
    const user = userEvent.setup();
    expect(await screen.findByText('Your account will use the e-mail address nora@example.test.')).toBeTruthy();
    expect(api.validateEmailLink).toHaveBeenCalledWith('tok', 'register');

    await user.type(screen.getByLabelText('Username'), 'no/ra');
    await user.type(screen.getByLabelText('Password'), PASSWORD);
    await user.type(screen.getByLabelText('Confirm password'), `${PASSWORD}x`);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText("The character '/' is not allowed in usernames.")).toBeTruthy();
    expect(screen.getByText('The passwords do not match.')).toBeTruthy();
    expect(api.finishRegistration).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), ' nora ');
    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), PASSWORD);
    await user.type(screen.getByLabelText('Given name'), 'Nora');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(api.finishRegistration).toHaveBeenCalledWith({ token: 'tok', username: 'nora', givenName: 'Nora', familyName: '', password: PASSWORD });
    expect(await screen.findByText('username is already taken')).toBeTruthy();
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Your account has been created. You can now sign in.'));
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
  });

  it('should say a spent or expired link is invalid and offer a new one', async () => {
    const api = fakeApi();
    api.validateEmailLink.mockRejectedValue(apiError('EMAIL_LINK_INVALID', 'x'));
    renderWithStore(<FinishRegisterPage token="old" />, { api });
    expect((await screen.findByRole('alert')).textContent).toBe('This link is invalid or has expired.');
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/register');
  });
});
