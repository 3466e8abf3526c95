/** @jest-environment jsdom */
import { combineReducers, configureStore, type Action } from '@reduxjs/toolkit';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createEpicMiddleware } from 'redux-observable';
import type { SelfEpicDependencies } from '../../epic';
import { selfEpic, selfSlices } from '../../state';
import { ChangePasswordPage } from './ChangePasswordPage';

function setup(changePassword: jest.Mock) {
  const bus = { showToast: jest.fn() };
  const epicMiddleware = createEpicMiddleware<Action, Action, unknown, SelfEpicDependencies>({ dependencies: { api: { changePassword, passwordConfig: async () => ({ minLength: 10, minScore: 3 }) } as unknown as SelfEpicDependencies['api'], bus, now: Date.now, connectAgent: jest.fn() } });
  const store = configureStore({ reducer: combineReducers(Object.fromEntries(selfSlices.map((s) => [s.name, s.reducer]))), middleware: (d) => d().concat(epicMiddleware) });
  epicMiddleware.run(selfEpic);
  render(
    <Provider store={store}>
      <ChangePasswordPage />
    </Provider>,
  );
  return { bus, user: userEvent.setup() };
}

async function fill(user: ReturnType<typeof userEvent.setup>, current: string, next: string, confirm = next) {
  await user.type(screen.getByLabelText('Current password'), current);
  await user.type(screen.getByLabelText('New password'), next);
  await user.type(screen.getByLabelText('Confirm new password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('ChangePasswordPage', () => {
  beforeAll(() => {
    window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {} }) as unknown as MediaQueryList);
  });

  it('should not send mismatched passwords, and show the server password rules', async () => {
    const changePassword = jest.fn();
    const { user } = setup(changePassword);
    expect(await screen.findByText('At least 10 characters; not a common or breached password; hard to guess.')).toBeTruthy();
    await fill(user, 'old-one', 'Velvet-Lantern-42', 'Velvet-Lantern-43');
    expect(await screen.findByText('The passwords do not match.')).toBeTruthy();
    expect(changePassword).not.toHaveBeenCalled();
  });

  it("should show the server's refusal on its field", async () => {
    const changePassword = jest.fn().mockRejectedValue(Object.assign(new Error('The current password is not correct.'), { code: 'VALIDATION', field: 'currentPassword' }));
    const { user } = setup(changePassword);
    await fill(user, 'wrong', 'Velvet-Lantern-42');
    expect(await screen.findByText('The current password is not correct.')).toBeTruthy();
    expect(screen.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');
  });

  it("should change the password and toast 'Password changed'", async () => {
    const changePassword = jest.fn().mockResolvedValue(undefined);
    const { user, bus } = setup(changePassword);
    await fill(user, 'old-one', 'Velvet-Lantern-42');
    expect(changePassword).toHaveBeenCalledWith({ currentPassword: 'old-one', newPassword: 'Velvet-Lantern-42' });
    await waitFor(() => expect(bus.showToast).toHaveBeenCalledWith({ type: 'success', title: 'Password changed', message: '' }));
    expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe('');
  });
});
