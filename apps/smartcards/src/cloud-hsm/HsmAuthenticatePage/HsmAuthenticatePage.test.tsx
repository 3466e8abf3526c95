/** @jest-environment jsdom */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { signedIn, signedOut } from '@tessera/bus';
import { CLOUD_HSM_MESSAGES, normalisePermissionObject, type Viewer } from '@tessera/domain';
import { fakeApi, installMatchMedia, renderWithStore } from '../../testing/renderWithStore';
import { HsmAuthenticatePage } from './HsmAuthenticatePage';

const config = { customer_sc_hardware: 'acme-cards', endpoint: 'https://hsm.example/auth', client_id: 'acme', hasClientSecret: true, createdAt: '', updatedAt: '' };
const session = { remainingSeconds: 900, expiresAt: '2030-01-01T00:15:00.000Z', absoluteExpiresAt: '2030-01-01T08:00:00.000Z' };
const signIn = (view: string[]) => signedIn({ id: 'u1', permission: normalisePermissionObject({ View: view }) } as Viewer, session);

describe('HsmAuthenticatePage', () => {
  beforeAll(installMatchMedia);
  afterEach(() => signedOut());

  it('should authenticate: pending, then authenticated true or false, and no configs without smartcardManage', async () => {
    signIn(['HSMAuthenticate']);
    const api = fakeApi();
    let answer!: (value: { authenticated: boolean }) => void;
    api.authenticateHsm.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    renderWithStore(<HsmAuthenticatePage />, { api });
    expect(screen.queryByRole('table', { name: 'Cloud HSM configs' })).toBeNull();
    expect(api.listCloudHsmConfigs).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Smartcard hardware'), { target: { value: 'acme-cards' } });
    fireEvent.change(screen.getByLabelText('HSM credential'), { target: { value: 'right' } });
    fireEvent.click(screen.getByRole('button', { name: 'Authenticate' }));
    expect(screen.getByTestId('hsm-authentication').textContent).toBe('Authenticating…');
    expect(api.authenticateHsm).toHaveBeenCalledWith({ customer_sc_hardware: 'acme-cards', credential: 'right' });
    await act(async () => answer({ authenticated: true }));
    expect(screen.getByTestId('hsm-authentication').textContent).toBe(CLOUD_HSM_MESSAGES.AUTHENTICATED);
    api.authenticateHsm.mockResolvedValueOnce({ authenticated: false });
    fireEvent.change(screen.getByLabelText('HSM credential'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Authenticate' }));
    await waitFor(() => expect(screen.getByTestId('hsm-authentication').textContent).toBe(CLOUD_HSM_MESSAGES.NOT_AUTHENTICATED));
  });

  it('should list, add (showing the field the server names) and delete configs for smartcardManage', async () => {
    signIn(['HSMAuthenticate', 'smartcardManage']);
    const api = fakeApi();
    api.listCloudHsmConfigs.mockResolvedValueOnce({ configs: [] }).mockResolvedValue({ configs: [config] });
    api.addCloudHsmConfig.mockRejectedValueOnce(Object.assign(new Error('endpoint must be an https:// URL'), { field: 'endpoint', status: 400 })).mockResolvedValueOnce(config);
    api.deleteCloudHsmConfig.mockResolvedValue({ deleted: true });
    renderWithStore(<HsmAuthenticatePage />, { api });
    expect(await screen.findByText('No cloud HSM configs')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Hardware name'), { target: { value: 'acme-cards' } });
    fireEvent.change(screen.getByLabelText('Endpoint'), { target: { value: 'http://hsm.example/auth' } });
    fireEvent.change(screen.getByLabelText('Client id'), { target: { value: 'acme' } });
    fireEvent.change(screen.getByLabelText('Client secret'), { target: { value: 'long secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add config' }));
    expect(await screen.findByText('endpoint must be an https:// URL')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Endpoint'), { target: { value: 'https://hsm.example/auth' } });
    fireEvent.change(screen.getByLabelText('Client secret'), { target: { value: 'long secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add config' }));
    await waitFor(() => expect(screen.getByRole('row', { name: /acme-cards/ }).textContent).toContain('set'));
    expect(api.addCloudHsmConfig).toHaveBeenLastCalledWith({ customer_sc_hardware: 'acme-cards', endpoint: 'https://hsm.example/auth', client_id: 'acme', client_secret: 'long secret' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete acme-cards' }));
    await waitFor(() => expect(api.deleteCloudHsmConfig).toHaveBeenCalledWith('acme-cards'));
    expect(screen.getByTestId('hsm-config-status').textContent).toBe(CLOUD_HSM_MESSAGES.DELETED);
  });
});
