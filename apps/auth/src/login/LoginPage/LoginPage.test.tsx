/** @jest-environment jsdom */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { navigateToUrl } from 'single-spa';
import { apiError, installMatchMedia, signedInResponse } from '../../testing/fixtures';
import { fakeApi, renderWithStore } from '../../testing/renderWithStore';
import { LoginPage } from './LoginPage';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

function setup(search = '') {
  window.history.replaceState(null, '', `/login${search}`);
  const api = fakeApi();
  const rendered = renderWithStore(<LoginPage />, { api });
  return { ...rendered, user: userEvent.setup() };
}

async function signIn(user: ReturnType<typeof userEvent.setup>, username: string, password: string) {
  await user.type(screen.getByLabelText('Username'), username);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('LoginPage', () => {
  beforeAll(installMatchMedia);
  beforeEach(() => jest.mocked(navigateToUrl).mockClear());

  it('should be a main landmark with labelled username and password fields', () => {
    setup();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Username' })).toBeTruthy();
    expect(screen.getByLabelText('Password').getAttribute('type')).toBe('password');
  });

  it('should send the username trimmed, publish signedIn and go to /home', async () => {
    const { api, bus, user } = setup();
    api.login.mockResolvedValue(signedInResponse());
    await signIn(user, '  admin  ', 'secret pw');
    expect(api.login).toHaveBeenCalledWith({ username: 'admin', password: 'secret pw' });
    await waitFor(() => expect(navigateToUrl).toHaveBeenCalledWith('/home'));
    expect(bus.signedIn).toHaveBeenCalledWith(signedInResponse().viewer, signedInResponse().session);
  });

  it("should show 'Check Username and Password' when the server refuses", async () => {
    const { api, bus, user } = setup();
    api.login.mockRejectedValue(apiError('INVALID_CREDENTIALS', 'Check Username and Password'));
    await signIn(user, 'admin', 'wrong');
    expect((await screen.findByRole('alert')).textContent).toBe('Check Username and Password');
    expect(bus.signedIn).not.toHaveBeenCalled();
    expect(navigateToUrl).not.toHaveBeenCalled();
  });

  it("should show the server's throttling message", async () => {
    const { api, user } = setup();
    api.login.mockRejectedValue(apiError('LOGIN_THROTTLED', 'Too many failed sign-in attempts. Try again in 30 seconds.', { retryAfterSeconds: 30 }));
    await signIn(user, 'admin', 'wrong');
    expect((await screen.findByRole('alert')).textContent).toBe('Too many failed sign-in attempts. Try again in 30 seconds.');
  });

  it('should go back to a same-origin ?redirect= path after sign-in', async () => {
    const { api, user } = setup('?redirect=%2Fabout%3Ftab%3D1');
    api.login.mockResolvedValue(signedInResponse());
    await signIn(user, 'admin', 'pw');
    await waitFor(() => expect(navigateToUrl).toHaveBeenCalledWith('/about?tab=1'));
  });

  it.each(['https%3A%2F%2Fevil.example%2F', '%2F%2Fevil.example', '%2F%5Cevil.example'])('should not follow the redirect %s', async (target) => {
    const { api, user } = setup(`?redirect=${target}`);
    api.login.mockResolvedValue(signedInResponse());
    await signIn(user, 'admin', 'pw');
    await waitFor(() => expect(navigateToUrl).toHaveBeenCalledWith('/home'));
  });

  it("should refuse an unknown further authentication with 'Unknown Further Authentication Type'", async () => {
    const { api, user } = setup();
    api.login.mockResolvedValue({ ...signedInResponse(), viewer: undefined, furtherAuthenticationRequired: ['SMS'] });
    await signIn(user, 'admin', 'pw');
    expect((await screen.findByRole('alert')).textContent).toBe('Unknown Further Authentication Type');
  });

  it('should show the enrolment (QR, secret, recovery codes), then sign in with a code', async () => {
    const { api, bus, user, store } = setup();
    const { viewer: _viewer, ...rest } = signedInResponse();
    api.login.mockResolvedValue({ ...rest, furtherAuthenticationRequired: ['TOTP'], enrolment: { issuer: 'Tessera (Acme)', accountName: 'admin', secret: 'JBSWY3DPEHPK3PXP', qr: 'data:image/png;base64,AAAA', recovery_codes: ['abcde-fghij', 'klmnp-qrstu'] } });
    api.totpAuth.mockResolvedValue(signedInResponse());
    await signIn(user, 'admin', 'pw');
    expect((await screen.findByRole('img', { name: 'QR code for your authenticator app' })).getAttribute('src')).toBe('data:image/png;base64,AAAA');
    expect(screen.getByLabelText('Secret').textContent).toBe('JBSWY3DPEHPK3PXP');
    expect(screen.getByRole('list', { name: 'Recovery codes' }).textContent).toContain('klmnp-qrstu');
    await user.type(screen.getByLabelText('Authentication code'), ' 123456 ');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(api.totpAuth).toHaveBeenCalledWith('123456');
    await waitFor(() => expect(navigateToUrl).toHaveBeenCalledWith('/home'));
    expect(bus.signedIn).toHaveBeenCalled();
    const state = (store.getState() as unknown as { authLogin: { qr: unknown; secret: unknown; recoveryCodes: unknown; otpVerified: boolean } }).authLogin;
    expect(state).toMatchObject({ qr: null, secret: null, recoveryCodes: [], otpVerified: true });
  });

  it("should request a code without enrolment and show 'Failed to validate MFA token' on a refused one, cleared by hide-alerts", async () => {
    const { api, user, store } = setup();
    const { viewer: _viewer, ...rest } = signedInResponse();
    api.login.mockResolvedValue({ ...rest, furtherAuthenticationRequired: ['TOTP'] });
    api.totpAuth.mockRejectedValue(apiError('MFA_INVALID', 'Failed to validate MFA token'));
    await signIn(user, 'admin', 'pw');
    expect(await screen.findByRole('heading', { name: 'Two-factor authentication' })).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    await user.type(screen.getByLabelText('Authentication code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to validate MFA token');
    expect((store.getState() as unknown as { authLogin: { verifyOtpFailure: boolean } }).authLogin.verifyOtpFailure).toBe(true);
    await user.type(screen.getByLabelText('Authentication code'), '1');
    expect((store.getState() as unknown as { authLogin: { verifyOtpFailure: boolean } }).authLogin.verifyOtpFailure).toBe(false);
    expect(navigateToUrl).not.toHaveBeenCalled();
  });
});
