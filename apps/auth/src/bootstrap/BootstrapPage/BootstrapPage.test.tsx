/** @jest-environment jsdom */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { navigateToUrl } from 'single-spa';
import { apiError, installMatchMedia, signedInResponse } from '../../testing/fixtures';
import { fakeApi, renderWithStore } from '../../testing/renderWithStore';
import { BootstrapPage } from './BootstrapPage';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

/** The accessible description of an input: the texts its aria-describedby names. */
function description(el: HTMLElement): string {
  return (el.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

async function setup(bootstrapMode = true) {
  const api = fakeApi();
  api.bootstrapStatus.mockResolvedValue({ bootstrapMode });
  const rendered = renderWithStore(<BootstrapPage />, { api });
  const user = userEvent.setup();
  await screen.findByRole('heading', { level: 1, name: 'Set up Tessera' });
  return { ...rendered, user };
}

async function fill(user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) if (value) await user.type(screen.getByLabelText(label), value);
}

describe('BootstrapPage', () => {
  beforeAll(installMatchMedia);
  beforeEach(() => jest.mocked(navigateToUrl).mockClear());

  it('should show every field error under its field and send nothing', async () => {
    const { api, user } = await setup();
    await fill(user, { 'Tenant name': '', Username: 'a/b', Password: 'short', 'E-mail address': 'nope' });
    await user.click(screen.getByRole('button', { name: 'Set up Tessera' }));

    const tenant = screen.getByRole('textbox', { name: 'Tenant name' });
    expect(tenant.getAttribute('aria-invalid')).toBe('true');
    expect(description(tenant)).toBe('Enter a tenant name.');
    expect(description(screen.getByRole('textbox', { name: 'Username' }))).toBe("The character '/' is not allowed in usernames.");
    expect(description(screen.getByLabelText('Password'))).toBe('The password must be at least 8 characters.');
    expect(description(screen.getByRole('textbox', { name: 'E-mail address' }))).toBe('Enter an e-mail address such as name@example.com.');
    expect(api.bootstrap).not.toHaveBeenCalled();
  });

  it("should put the server's field error on its field", async () => {
    const { api, user } = await setup();
    api.bootstrap.mockRejectedValue(apiError('VALIDATION', 'username contains a control character', { field: 'username' }));
    await fill(user, { 'Tenant name': 'Acme', Username: 'admin', Password: 'long-enough-1', 'E-mail address': 'admin@acme.example' });
    await user.click(screen.getByRole('button', { name: 'Set up Tessera' }));
    await waitFor(() => expect(description(screen.getByRole('textbox', { name: 'Username' }))).toBe('username contains a control character'));
  });

  it('should set up, sign the administrator in and go to /home', async () => {
    const { api, bus, user } = await setup();
    api.bootstrap.mockResolvedValue({ tenantId: 't1', userId: 'u1' });
    api.login.mockResolvedValue(signedInResponse());
    await fill(user, { 'Tenant name': ' Acme ', Username: ' admin ', Password: 'long-enough-1', 'E-mail address': 'admin@acme.example' });
    await user.click(screen.getByRole('button', { name: 'Set up Tessera' }));
    await waitFor(() => expect(navigateToUrl).toHaveBeenCalledWith('/home'));
    expect(api.bootstrap).toHaveBeenCalledWith({ tenantName: 'Acme', username: 'admin', password: 'long-enough-1', emailAddress: 'admin@acme.example' });
    expect(api.login).toHaveBeenCalledWith({ username: 'admin', password: 'long-enough-1' });
    expect(bus.signedIn).toHaveBeenCalled();
  });

  it('should say setup is complete, with a link to sign in, once it is done', async () => {
    await setup(false);
    expect(screen.getByText('Setup is complete.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('should say setup is complete when someone finished it meanwhile', async () => {
    const { api, user } = await setup();
    api.bootstrap.mockRejectedValue(apiError('BOOTSTRAP_DONE', 'Setup is already done.'));
    await fill(user, { 'Tenant name': 'Acme', Username: 'admin', Password: 'long-enough-1', 'E-mail address': 'admin@acme.example' });
    await user.click(screen.getByRole('button', { name: 'Set up Tessera' }));
    expect(await screen.findByText('Setup is complete.')).toBeTruthy();
  });
});
