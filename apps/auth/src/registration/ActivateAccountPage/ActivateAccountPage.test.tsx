/** @jest-environment jsdom */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, installMatchMedia } from '../../testing/fixtures';
import { fakeApi, renderWithStore } from '../../testing/renderWithStore';
import { ActivateAccountPage } from './ActivateAccountPage';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

describe('/activateaccount/{token} (admin-console §2.1)', () => {
  beforeAll(installMatchMedia);

  it('should name the account, refuse a weak password on its field, then activate', async () => {
    const api = fakeApi();
    api.validateEmailLink.mockResolvedValue({ valid: true, emailAddress: 'tove@example.test', username: 'tove' });
    api.activateAccount
      .mockRejectedValueOnce(apiError('VALIDATION', 'This password appears in a list of breached or common passwords.', { field: 'newPassword' }))
      .mockResolvedValueOnce(undefined);
    renderWithStore(<ActivateAccountPage token="tok" />, { api });
    const user = userEvent.setup();
    expect(await screen.findByText('Choose a password for tove.')).toBeTruthy();
    expect(api.validateEmailLink).toHaveBeenCalledWith('tok', 'activate');
    await user.type(screen.getByLabelText('New password'), 'password123');
    await user.type(screen.getByLabelText('Confirm new password'), 'password123');
    await user.click(screen.getByRole('button', { name: 'Activate account' }));
    expect(api.activateAccount).toHaveBeenCalledWith({ token: 'tok', newPassword: 'password123' });
    expect(await screen.findByText('This password appears in a list of breached or common passwords.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Activate account' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Your account is active. You can now sign in.'));
  });

  it('should say an invalid link is invalid, and a link spent while the form was open too', async () => {
    const api = fakeApi();
    api.validateEmailLink.mockResolvedValue({ valid: true, emailAddress: 'tove@example.test', username: 'tove' });
    api.activateAccount.mockRejectedValue(apiError('EMAIL_LINK_INVALID', 'x'));
    renderWithStore(<ActivateAccountPage token="tok" />, { api });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'Velvet-Lantern-Quarry-42');
    await user.type(screen.getByLabelText('Confirm new password'), 'Velvet-Lantern-Quarry-42');
    await user.click(screen.getByRole('button', { name: 'Activate account' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This link is invalid or has expired.');
    expect(screen.queryByLabelText('New password')).toBeNull();
  });
});
