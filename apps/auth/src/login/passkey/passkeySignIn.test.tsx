/** @jest-environment jsdom */
import { waitFor } from '@testing-library/react';
import { navigateToUrl } from 'single-spa';
import { installMatchMedia, signedInResponse } from '../../testing/fixtures';
import { fakeApi, renderWithStore } from '../../testing/renderWithStore';
import { loginActions } from '../login.slice';
import { passkeyFailureText } from '../login.epics';
import { createPasskeySignIn } from './passkeySignIn';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

describe('createPasskeySignIn', () => {
  it('should ask for user verification with no allow-list (discoverable credentials) and the server RP id', async () => {
    const start = jest.fn(async () => ({ id: 'cred' }));
    const signIn = createPasskeySignIn({ prepare: async () => ({ challenge: 'abc', rpId: 'acme.example', fetchedAt: Date.now() }), now: Date.now, start });
    expect(await signIn.assert({ conditional: true })).toEqual({ id: 'cred' });
    expect(start).toHaveBeenCalledWith({
      optionsJSON: { challenge: 'abc', allowCredentials: [], userVerification: 'required', timeout: 600000, rpId: 'acme.example' },
      useBrowserAutofill: true,
    });
    signIn.cache.stop();
  });
});

describe('passkey sign-in epic', () => {
  beforeAll(installMatchMedia);

  it('should let a new ceremony abort the previous one (AbortError) and sign in with the second', async () => {
    const api = fakeApi();
    api.finishFido2Authentication.mockResolvedValue(signedInResponse());
    const pending: { reject: (e: Error) => void }[] = [];
    const passkeys = {
      assert: jest.fn(({ conditional }: { conditional: boolean }) => {
        // Like @simplewebauthn/browser: a new ceremony aborts the running one.
        pending.splice(0).forEach((p) => p.reject(Object.assign(new Error('Cancelling existing WebAuthn API call for new one'), { name: 'AbortError' })));
        if (conditional) return new Promise<Record<string, unknown>>((_resolve, reject) => pending.push({ reject }));
        return Promise.resolve({ id: 'assertion' });
      }),
    };
    const { store, bus } = renderWithStore(<div />, { api, passkeys });
    store.dispatch(loginActions.passkeySignInRequested({ conditional: true, redirect: null }));
    store.dispatch(loginActions.passkeySignInRequested({ conditional: false, redirect: '/about' }));
    await waitFor(() => expect(navigateToUrl).toHaveBeenCalledWith('/about'));
    expect(api.finishFido2Authentication).toHaveBeenCalledTimes(1);
    expect(api.finishFido2Authentication).toHaveBeenCalledWith({ id: 'assertion' });
    expect(bus.signedIn).toHaveBeenCalled();
    expect((store.getState() as unknown as { authLogin: { passkeyCeremonyAborted: boolean; isLoggedIn: boolean } }).authLogin).toMatchObject({ passkeyCeremonyAborted: true, isLoggedIn: true });
  });

  it("should show 'Passkey sign-in failed' when the server refuses the assertion", async () => {
    const api = fakeApi();
    api.finishFido2Authentication.mockRejectedValue(Object.assign(new Error('The passkey could not be verified: unknown credential'), { code: 'PASSKEY_FAILED' }));
    const { store } = renderWithStore(<div />, { api, passkeys: { assert: async () => ({ id: 'x' }) } });
    store.dispatch(loginActions.passkeySignInRequested({ conditional: false, redirect: null }));
    await waitFor(() =>
      expect((store.getState() as unknown as { authLogin: { errorMessage: string } }).authLogin.errorMessage).toBe('Passkey sign-in failed: The passkey could not be verified: unknown credential'),
    );
  });
});

describe('passkeys the user did not ask for', () => {
  beforeAll(installMatchMedia);

  it('should show nothing when the autofill request fails by itself (e.g. 127.0.0.1 is an invalid domain)', async () => {
    const api = fakeApi();
    const failing = Object.assign(new Error('127.0.0.1 is an invalid domain.'), { name: 'SecurityError' });
    const { store } = renderWithStore(<div />, { api, passkeys: { assert: () => Promise.reject(failing) } });
    store.dispatch(loginActions.passkeySignInRequested({ conditional: true, redirect: null }));
    await waitFor(() => expect((store.getState() as unknown as { authLogin: { passkeyCeremony: string } }).authLogin.passkeyCeremony).toBe('idle'));
    expect((store.getState() as unknown as { authLogin: { errorMessage: string | null } }).authLogin.errorMessage).toBeNull();
  });

  it('should cancel a pending ceremony when the sign-in page is left, silently', async () => {
    const cancel = jest.fn();
    let rejectPending: (e: Error) => void = () => undefined;
    const passkeys = {
      assert: () => new Promise<Record<string, unknown>>((_resolve, reject) => (rejectPending = reject)),
      cancel: () => {
        cancel();
        rejectPending(Object.assign(new Error('cancelled'), { name: 'AbortError' }));
      },
    };
    const { store } = renderWithStore(<div />, { api: fakeApi(), passkeys });
    store.dispatch(loginActions.passkeySignInRequested({ conditional: true, redirect: null }));
    store.dispatch(loginActions.loginPageLeft());
    await waitFor(() => expect(cancel).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 0));
    expect((store.getState() as unknown as { authLogin: { passkeyCeremonyAborted: boolean; passkeyCeremony: string } }).authLogin).toMatchObject({ passkeyCeremonyAborted: false, passkeyCeremony: 'idle' });
  });
});

describe('passkeyFailureText', () => {
  it('should say passkeys need a name at an IP address, and keep other reasons', () => {
    const security = Object.assign(new Error('127.0.0.1 is an invalid domain.'), { name: 'SecurityError' });
    expect(passkeyFailureText(security, 'raw', '127.0.0.1')).toBe('passkeys work only when the console is opened by name (such as localhost), not at an IP address');
    expect(passkeyFailureText(security, 'raw', 'localhost')).toBe('raw');
    expect(passkeyFailureText(new Error('x'), 'raw', '127.0.0.1')).toBe('raw');
  });
});
