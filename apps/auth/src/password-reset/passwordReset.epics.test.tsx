/** @jest-environment jsdom */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, installMatchMedia } from '../testing/fixtures';
import { fakeApi, renderWithStore } from '../testing/renderWithStore';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { passwordResetActions, passwordResetSelectors } from './passwordReset.slice';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('resetLinkEpic (/forgotpassword, signin §8)', () => {
  beforeAll(installMatchMedia);

  it("should say 'Failed to send reset link' when ForgotPassword fails, keeping the form (not 'request sent')", async () => {
    const api = fakeApi();
    api.forgotPassword.mockRejectedValue(Object.assign(apiError('INTERNAL', 'The mail server could not be reached'), { status: 500 }));
    const { store } = renderWithStore(<ForgotPasswordPage />, { api });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('E-mail address'), 'ann@example.test');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(api.forgotPassword).toHaveBeenCalledWith('ann@example.test');
    expect(await screen.findByText('Failed to send reset link')).toBeTruthy();
    const state = passwordResetSelectors.select(store.getState() as never);
    expect(state).toMatchObject({ status: 'idle', responseCode: 'INTERNAL', errorMessage: 'Failed to send reset link' });
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeTruthy();
  });

  it("should show the server's field message, not 'Failed to send reset link', for a refused e-mail address", async () => {
    const api = fakeApi();
    api.forgotPassword.mockRejectedValue(apiError('VALIDATION', 'emailAddress: must be an e-mail address'));
    const { store } = renderWithStore(<ForgotPasswordPage />, { api });
    await act(async () => {
      store.dispatch(passwordResetActions.resetLinkRequested({ emailAddress: 'nope' }));
      await flush();
    });
    expect(passwordResetSelectors.select(store.getState() as never)).toMatchObject({ status: 'idle', responseCode: 'VALIDATION', errorMessage: 'emailAddress: must be an e-mail address' });
    expect(await screen.findByText('emailAddress: must be an e-mail address')).toBeTruthy();
    expect(screen.queryByText('Failed to send reset link')).toBeNull();
  });
});
