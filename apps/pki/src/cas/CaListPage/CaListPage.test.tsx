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

  it('should import a CA with its certificate and key, drop the key from the form, and open the imported CA', async () => {
    const api = fakeApi();
    api.listCertificateAuthorities.mockResolvedValue({ cas: [testCa()] });
    api.importCertificateAuthority.mockRejectedValueOnce(apiError('VALIDATION', 'privateKeyPem does not match the certificate', { field: 'privateKeyPem' }));
    api.importCertificateAuthority.mockResolvedValueOnce(testCa({ id: 'ca-imported', friendlyName: 'Old Root', imported: true }));
    const user = userEvent.setup();
    const { bus } = renderWithStore(<CaListPage />, { api });
    await user.click(await screen.findByRole('button', { name: 'Import certificate authority' }));
    const form = screen.getByRole('form', { name: 'Import a certificate authority' });
    await user.click(within(form).getByRole('button', { name: 'Import certificate authority' }));
    expect(within(form).getByText('Name is required')).toBeTruthy();
    expect(within(form).getByText('Paste the CA certificate (PEM)')).toBeTruthy();
    expect(within(form).getByText('Paste the private key (PKCS#8 PEM)')).toBeTruthy();
    expect(api.importCertificateAuthority).not.toHaveBeenCalled();
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Old Root');
    await user.type(within(form).getByRole('textbox', { name: 'CA certificate (PEM)' }), 'CERT PEM');
    await user.type(within(form).getByRole('textbox', { name: 'Private key (PKCS#8 PEM)' }), 'WRONG KEY');
    await user.click(within(form).getByRole('button', { name: 'Import certificate authority' }));
    expect(await within(form).findByText('privateKeyPem does not match the certificate')).toBeTruthy();
    expect(api.importCertificateAuthority).toHaveBeenLastCalledWith({ friendlyName: 'Old Root', certificatePem: 'CERT PEM', privateKeyPem: 'WRONG KEY' });
    // The key is not kept in the form once sent.
    expect((within(form).getByRole('textbox', { name: 'Private key (PKCS#8 PEM)' }) as HTMLTextAreaElement).value).toBe('');
    await user.type(within(form).getByRole('textbox', { name: 'Private key (PKCS#8 PEM)' }), 'RIGHT KEY');
    await user.click(within(form).getByRole('button', { name: 'Import certificate authority' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/pki/manage/certificate-authorities/ca-imported'));
    expect(api.importCertificateAuthority).toHaveBeenLastCalledWith({ friendlyName: 'Old Root', certificatePem: 'CERT PEM', privateKeyPem: 'RIGHT KEY' });
    expect(bus.showToast).toHaveBeenCalledWith({ type: 'success', title: 'The certificate authority was imported.', message: 'Old Root' });
  });
});
