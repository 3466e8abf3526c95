/** @jest-environment jsdom */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, installMatchMedia } from '../../testing/fixtures';
import { fakeApi, renderWithStore } from '../../testing/renderWithStore';
import { ForgotPasswordPage } from '../ForgotPasswordPage';
import { ResetPasswordPage } from './ResetPasswordPage';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

describe('password reset pages (admin-console §4)', () => {
  beforeAll(installMatchMedia);

  it('should say the request was sent whatever the server knows', async () => {
    const api = fakeApi();
    api.forgotPassword.mockResolvedValue(undefined);
    renderWithStore(<ForgotPasswordPage />, { api });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('E-mail address'), ' ann@example.test ');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(api.forgotPassword).toHaveBeenCalledWith('ann@example.test');
    expect((await screen.findByRole('status')).textContent).toContain('If an account with that e-mail address exists');
  });

  it('should validate the link, refuse mismatched passwords, show the server refusal, then succeed', async () => {
    const api = fakeApi();
    api.validateResetToken.mockResolvedValue({ valid: true, username: 'ann' });
    api.resetPassword.mockRejectedValueOnce(Object.assign(apiError('VALIDATION', 'This password appears in a list of breached or common passwords.'), { field: 'newPassword' })).mockResolvedValueOnce(undefined);
    renderWithStore(<ResetPasswordPage token="tok" />, { api });
    const user = userEvent.setup();
    expect(await screen.findByText('Choose a new password for ann.')).toBeTruthy();
    expect(await screen.findByText('At least 10 characters; not a common or breached password; hard to guess.')).toBeTruthy();
    expect(api.validateResetToken).toHaveBeenCalledWith('tok');
    await user.type(screen.getByLabelText('New password'), 'password123');
    await user.type(screen.getByLabelText('Confirm new password'), 'password12');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('The passwords do not match.')).toBeTruthy();
    expect(api.resetPassword).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Confirm new password'), '3');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('This password appears in a list of breached or common passwords.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Your password has been reset. You can now sign in.'));
  });

  it('should say an invalid link is invalid', async () => {
    const api = fakeApi();
    api.validateResetToken.mockRejectedValue(apiError('RESET_TOKEN_INVALID', 'x'));
    renderWithStore(<ResetPasswordPage token="bad" />, { api });
    expect((await screen.findByRole('alert')).textContent).toBe('This password reset link is invalid or has expired.');
  });
});
