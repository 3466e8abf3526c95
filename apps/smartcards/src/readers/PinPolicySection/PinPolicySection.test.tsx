/** @jest-environment jsdom */
import { combineReducers, configureStore, type Action } from '@reduxjs/toolkit';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createEpicMiddleware } from 'redux-observable';
import { NEVER } from 'rxjs';
import type { PinRequirementsConfig } from '@tessera/domain';
import { installMatchMedia } from '../../testing/renderWithStore';
import { readersEpic, type ReadersEpicDependencies } from '../readers.epics';
import { readersSelectors, readersSlice } from '../readers.slice';
import { pinPolicySlice } from '../pinPolicy.slice';
import { PinPolicySection } from './PinPolicySection';

const DEFAULT: PinRequirementsConfig = { minLength: 6, maxLength: 8, digitsOnly: true, description: null, effectiveDescription: 'PIN must be between 6-8 numbers', isDefault: true };

function setup(api: Partial<Record<keyof ReadersEpicDependencies['api'], jest.Mock>> = {}) {
  const fakes = {
    validatePin: jest.fn(),
    getPinRequirements: jest.fn(),
    pinRequirementsConfig: jest.fn().mockResolvedValue(DEFAULT),
    updatePinRequirementsConfig: jest.fn(),
    resetPinRequirementsConfig: jest.fn().mockResolvedValue(DEFAULT),
    ...api,
  };
  const showToast = jest.fn();
  const epicMiddleware = createEpicMiddleware<Action, Action, unknown, ReadersEpicDependencies>({
    dependencies: { api: fakes, bus: { readers$: NEVER, showToast, connectReadersStream: () => () => {} }, agentClient: {} as never, streamUrl: (p) => p },
  });
  const store = configureStore({
    reducer: combineReducers({ [readersSlice.name]: readersSlice.reducer, [pinPolicySlice.name]: pinPolicySlice.reducer }),
    middleware: (getDefault) => getDefault().concat(epicMiddleware),
  });
  epicMiddleware.run(readersEpic);
  render(
    <Provider store={store}>
      <PinPolicySection />
    </Provider>,
  );
  return { api: fakes, showToast, store };
}

async function fill(label: string, value: string) {
  const input = screen.getByLabelText(label);
  await userEvent.clear(input);
  if (value) await userEvent.type(input, value);
}

describe('PinPolicySection', () => {
  beforeAll(installMatchMedia);

  it('should show the policy in force, the default at first', async () => {
    setup();
    expect(await screen.findByTestId('pin-policy-current')).toHaveProperty('textContent', 'Current policy: 6–8 digits (default). Users see: “PIN must be between 6-8 numbers”');
    expect((screen.getByLabelText('Minimum length') as HTMLInputElement).value).toBe('6');
    expect((screen.getByLabelText('Maximum length') as HTMLInputElement).value).toBe('8');
    expect((screen.getByRole('checkbox', { name: 'Digits only' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Reset to default' })).toHaveProperty('disabled', true);
  });

  it('should save a 6-7 digit policy, toast it, and apply it to the PIN field at once', async () => {
    const saved: PinRequirementsConfig = { minLength: 6, maxLength: 7, digitsOnly: true, description: null, effectiveDescription: 'PIN must be between 6-7 numbers', isDefault: false };
    const { api, showToast, store } = setup({ updatePinRequirementsConfig: jest.fn().mockResolvedValue(saved) });
    await screen.findByTestId('pin-policy-current');
    await fill('Minimum length', '6');
    await fill('Maximum length', '7');
    expect(screen.getByText('Leave empty to show “PIN must be between 6-7 numbers”.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith({ type: 'success', title: 'PIN policy saved', message: 'PIN must be between 6-7 numbers' }));
    expect(api.updatePinRequirementsConfig).toHaveBeenCalledWith({ minLength: 6, maxLength: 7, digitsOnly: true, description: null });
    expect(screen.getByTestId('pin-policy-current').textContent).toBe('Current policy: 6–7 digits. Users see: “PIN must be between 6-7 numbers”');
    expect(readersSelectors.selectState(store.getState()).requirements).toEqual({ minLength: 6, maxLength: 7, digitsOnly: true, description: 'PIN must be between 6-7 numbers' });
  });

  it('should show field errors and send nothing when the form breaks the rules', async () => {
    const { api } = setup();
    await screen.findByTestId('pin-policy-current');
    // 4 to 16 is a policy no PIV card can meet (it takes 6 to 8 characters): both fields are refused
    await fill('Minimum length', '4');
    await fill('Maximum length', '16');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getAllByText('Enter a whole number from 6 to 8: a PIV card takes a PIN of 6 to 8 characters.')).toHaveLength(2);
    expect(screen.getByLabelText('Minimum length').getAttribute('aria-invalid')).toBe('true');
    await fill('Minimum length', '8');
    await fill('Maximum length', '6');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('The minimum length must not be greater than the maximum length.')).toBeTruthy();
    expect(api.updatePinRequirementsConfig).not.toHaveBeenCalled();
  });

  it("should put the server's field error under its field and toast the failure", async () => {
    const error = Object.assign(new Error('description must not contain control characters'), { code: 'VALIDATION', status: 400, field: 'description' });
    const { showToast } = setup({ updatePinRequirementsConfig: jest.fn().mockRejectedValue(error) });
    await screen.findByTestId('pin-policy-current');
    await fill('Description shown to users', 'Use your badge PIN');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('description must not contain control characters')).toBeTruthy();
    expect(screen.getByLabelText('Description shown to users').getAttribute('aria-invalid')).toBe('true');
    expect(showToast).toHaveBeenCalledWith({ type: 'error', title: 'Could not save the PIN policy', message: 'description must not contain control characters' });
  });

  it('should reset a configured policy to the default', async () => {
    const configured: PinRequirementsConfig = { minLength: 10, maxLength: 12, digitsOnly: false, description: 'Your card passphrase', effectiveDescription: 'Your card passphrase', isDefault: false };
    const { api, showToast } = setup({ pinRequirementsConfig: jest.fn().mockResolvedValue(configured) });
    expect((await screen.findByTestId('pin-policy-current')).textContent).toBe('Current policy: 10–12 characters. Users see: “Your card passphrase”');
    expect((screen.getByLabelText('Description shown to users') as HTMLInputElement).value).toBe('Your card passphrase');
    await userEvent.click(screen.getByRole('button', { name: 'Reset to default' }));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith({ type: 'success', title: 'PIN policy reset to the default', message: 'PIN must be between 6-8 numbers' }));
    expect(api.resetPinRequirementsConfig).toHaveBeenCalledTimes(1);
    expect((screen.getByLabelText('Minimum length') as HTMLInputElement).value).toBe('6');
    expect(screen.getByTestId('pin-policy-current').textContent).toContain('(default)');
  });

  it('should show why the policy could not be loaded', async () => {
    setup({ pinRequirementsConfig: jest.fn().mockRejectedValue(new Error('You do not have permission to do this')) });
    expect((await screen.findByRole('alert')).textContent).toBe('Could not load the PIN policy: You do not have permission to do this');
  });
});
