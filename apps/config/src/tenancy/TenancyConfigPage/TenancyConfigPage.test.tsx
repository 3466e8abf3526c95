/** @jest-environment jsdom */
import { screen, waitFor } from '@testing-library/react';
import { getSessionState, signedIn, signedOut } from '@tessera/bus';
import { MESSAGES, normalisePermissionObject, type TenancyConfig, type Viewer } from '@tessera/domain';
import { TenancyConfigPage } from './TenancyConfigPage';
import { fakeApi, installMatchMedia, renderWithStore } from '../../testing/renderWithStore';

const CONFIG: TenancyConfig = {
  name: 'Acme',
  supportEmail: 'help@acme.test',
  bannerColour: null,
  toastrTimeout: null,
  disclaimer: null,
  timeZone: 'UTC',
  mfaRequired: false,
  selfRegistration: false,
};

function setup(api: Parameters<typeof fakeApi>[0] = {}) {
  return renderWithStore(<TenancyConfigPage />, fakeApi({ tenancyConfig: jest.fn().mockResolvedValue(CONFIG), ...api }));
}

describe('TenancyConfigPage', () => {
  beforeAll(installMatchMedia);
  afterEach(() => signedOut());

  it('should show the current values, with Save disabled until something changes', async () => {
    setup({ tenancyConfig: jest.fn().mockResolvedValue({ ...CONFIG, bannerColour: '#112233', toastrTimeout: 4000, disclaimer: 'Be nice.' }) });
    expect(((await screen.findByLabelText('Support e-mail')) as HTMLInputElement).value).toBe('help@acme.test');
    expect((screen.getByLabelText('Banner colour') as HTMLInputElement).value).toBe('#112233');
    expect((screen.getByLabelText('Toast display time (ms)') as HTMLInputElement).value).toBe('4000');
    expect((screen.getByLabelText('Time zone') as HTMLInputElement).value).toBe('UTC');
    expect((screen.getByLabelText('Disclaimer') as HTMLTextAreaElement).value).toBe('Be nice.');
    expect(screen.getByRole('img', { name: 'Banner preview: #112233' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled') || screen.getByRole('button', { name: 'Save' }).getAttribute('aria-disabled') === 'true').toBe(true);
  });

  it('should preview the colour as typed and save only the changed fields, with a success toast', async () => {
    const saved = { ...CONFIG, bannerColour: '#aa3300', toastrTimeout: 5000 };
    const updateTenancyConfig = jest.fn().mockResolvedValue(saved);
    const viewer = { id: 'u1', permission: normalisePermissionObject({ View: ['tenancyConfig'] }), tenant: { id: 't1', name: 'Acme', bannerColour: null, toastrTimeout: null, supportEmail: 'help@acme.test' } } as unknown as Viewer;
    signedIn(viewer, { remainingSeconds: 900, expiresAt: '2030-01-01T00:15:00.000Z', absoluteExpiresAt: '2030-01-01T08:00:00.000Z' });
    const { user, bus } = setup({ updateTenancyConfig });
    const colour = await screen.findByLabelText('Banner colour');
    await user.type(colour, '#AA3300');
    expect(screen.getByRole('img', { name: 'Banner preview: #aa3300' })).toBeTruthy();
    await user.type(screen.getByLabelText('Toast display time (ms)'), '5000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(updateTenancyConfig).toHaveBeenCalledWith({ bannerColour: '#AA3300', toastrTimeout: 5000 });
    await waitFor(() => expect(bus.showToast).toHaveBeenCalledWith({ type: 'success', title: 'Tenancy configuration saved', message: '' }));
    // The shell reads the tenant from the session: the banner follows without a reload.
    const state = getSessionState();
    expect(state.status === 'signedIn' && state.viewer.tenant).toMatchObject({ bannerColour: '#aa3300', toastrTimeout: 5000 });
    expect(((await screen.findByLabelText('Banner colour')) as HTMLInputElement).value).toBe('#aa3300');
  });

  it('should send null when a field is emptied (back to the default)', async () => {
    const updateTenancyConfig = jest.fn().mockResolvedValue(CONFIG);
    const { user } = setup({ tenancyConfig: jest.fn().mockResolvedValue({ ...CONFIG, toastrTimeout: 4000 }), updateTenancyConfig });
    await user.clear(await screen.findByLabelText('Toast display time (ms)'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(updateTenancyConfig).toHaveBeenCalledWith({ toastrTimeout: null });
  });

  it("should show the server's refusal on its field, with a failure toast", async () => {
    const updateTenancyConfig = jest.fn().mockRejectedValue(Object.assign(new Error('bannerColour must be a colour #rrggbb'), { code: 'VALIDATION', field: 'bannerColour' }));
    const { user, bus } = setup({ updateTenancyConfig });
    await user.type(await screen.findByLabelText('Banner colour'), 'red');
    expect(screen.getByRole('img', { name: 'Banner preview: Not a colour #rrggbb' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('bannerColour must be a colour #rrggbb')).toBeTruthy();
    expect(screen.getByLabelText('Banner colour').getAttribute('aria-invalid')).toBe('true');
    expect(bus.showToast).toHaveBeenCalledWith({ type: 'error', title: 'Tenancy configuration not saved', message: 'bannerColour must be a colour #rrggbb' });
  });

  it("should show the server's time zone refusal on the Time zone field, in a person's words", async () => {
    const updateTenancyConfig = jest.fn().mockRejectedValue(Object.assign(new Error(MESSAGES.TIME_ZONE_INVALID), { code: 'VALIDATION', field: 'timeZone' }));
    const { user } = setup({ updateTenancyConfig });
    await user.type(await screen.findByLabelText('Time zone'), '/x');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose a time zone from the list, such as Europe/London.')).toBeTruthy();
    expect(screen.getByLabelText('Time zone').getAttribute('aria-invalid')).toBe('true');
  });

  it('should show a form-level error for a refusal without a field of the form', async () => {
    const updateTenancyConfig = jest.fn().mockRejectedValue(Object.assign(new Error('The tenancy audit log is offline.'), { code: 'AUDIT_FAILED' }));
    const { user } = setup({ updateTenancyConfig });
    await user.type(await screen.findByLabelText('Time zone'), '/x');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The tenancy audit log is offline.');
  });

  it('should say when the configuration cannot be loaded', async () => {
    setup({ tenancyConfig: jest.fn().mockRejectedValue(Object.assign(new Error(''), { code: 'FORBIDDEN' })) });
    expect((await screen.findByRole('alert')).textContent).toBe('You do not have permission to do this.');
  });
});
