/** @jest-environment jsdom */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { navigate } from '@tessera/ui';
import { apiError, fakeApi, installMatchMedia, renderWithStore, testCa } from '../../testing/renderWithStore';
import { CaListPage } from './CaListPage';

jest.mock('@tessera/ui', () => ({ ...jest.requireActual('@tessera/ui'), navigate: jest.fn() }));

describe('CaListPage', () => {
  beforeAll(() => installMatchMedia());

  it('should list the CAs with their derived status and issuer', async () => {
    const api = fakeApi();
    api.listCertificateAuthorities.mockResolvedValue({
      cas: [testCa(), testCa({ id: 'ca-old', friendlyName: 'Old Issuing', parentId: 'ca-root', status: 'ExpiredCert', keyAlgorithm: 'RSA-2048' })],
    });
    renderWithStore(<CaListPage />, { api });
    const row = await screen.findByRole('row', { name: 'Old Issuing' });
    expect(within(row).getByText('Expired')).toBeTruthy();
    expect(within(row).getByText('Root CA')).toBeTruthy();
    expect(within(row).getByText('RSA-2048')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: 'Root CA' })).getByText('Active')).toBeTruthy();
  });

  it('should create an intermediate CA under the chosen issuer and open it', async () => {
    const api = fakeApi();
    api.listCertificateAuthorities.mockResolvedValue({ cas: [testCa()] });
    api.createCertificateAuthority.mockResolvedValue(testCa({ id: 'ca-new', friendlyName: 'Issuing', parentId: 'ca-root' }));
    const user = userEvent.setup();
    const { bus } = renderWithStore(<CaListPage />, { api });
    await user.click(await screen.findByRole('button', { name: 'New certificate authority' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Issuing');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Key' }), 'RSA-3072');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Issued by' }), 'ca-root');
    await user.click(screen.getByRole('button', { name: 'Create certificate authority' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/pki/manage/certificate-authorities/ca-new'));
    expect(api.createCertificateAuthority).toHaveBeenCalledWith({ friendlyName: 'Issuing', keyAlgorithm: 'RSA-3072', parentId: 'ca-root' });
    expect(bus.showToast).toHaveBeenCalledWith({ type: 'success', title: 'The certificate authority was created.', message: 'Issuing' });
  });

  it('should require a name, and show the server refusal beside the field it names', async () => {
    const api = fakeApi();
    api.createCertificateAuthority.mockRejectedValue(apiError('CONFLICT', 'friendlyName is already used', { field: 'friendlyName' }));
    const user = userEvent.setup();
    renderWithStore(<CaListPage />, { api });
    await user.click(await screen.findByRole('button', { name: 'New certificate authority' }));
    await user.click(screen.getByRole('button', { name: 'Create certificate authority' }));
    expect(screen.getByText('Name is required')).toBeTruthy();
    expect(api.createCertificateAuthority).not.toHaveBeenCalled();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Root CA');
    await user.click(screen.getByRole('button', { name: 'Create certificate authority' }));
    expect(await screen.findByText('friendlyName is already used')).toBeTruthy();
  });

  it('should show why the list could not be loaded', async () => {
    const api = fakeApi();
    api.listCertificateAuthorities.mockRejectedValue(apiError('FORBIDDEN', 'You do not have permission to do this'));
    renderWithStore(<CaListPage />, { api });
    expect((await screen.findByRole('alert')).textContent).toBe('You do not have permission to do this');
  });
});
