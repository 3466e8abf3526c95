/** @jest-environment jsdom */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { navigate } from '@tessera/ui';
import { apiError, fakeApi, installMatchMedia, renderWithStore } from '../../testing/renderWithStore';
import { CertificateUploadPage } from './CertificateUploadPage';

jest.mock('@tessera/ui', () => ({ ...jest.requireActual('@tessera/ui'), navigate: jest.fn() }));

const PEM = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----';
const STORED = { certId: 'ca-1:1f', caId: 'ca-1', caName: 'Root', serialNumber: '1f', subject: 'CN=web', cn: 'web', status: 'issued_out_of_band', templateId: null, template: null, class: null, validFrom: '', validTo: '', createdAt: '' };

describe('CertificateUploadPage', () => {
  beforeAll(() => installMatchMedia());
  beforeEach(() => jest.clearAllMocks());

  it('should ask for a certificate before sending, then upload it and open the stored certificate', async () => {
    const api = fakeApi();
    api.uploadCertificate.mockResolvedValue(STORED);
    const user = userEvent.setup();
    const { bus } = renderWithStore(<CertificateUploadPage kind="certificate" />, { api });
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(screen.getByRole('alert').textContent).toBe('Paste the PEM of a certificate or choose its file');
    expect(api.uploadCertificate).not.toHaveBeenCalled();
    await user.click(screen.getByRole('textbox', { name: 'Certificate (PEM or base64 DER)' }));
    await user.paste(PEM);
    await user.type(screen.getByRole('textbox', { name: 'Friendly name' }), ' web 1 ');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/credentials/certificates/view/ca-1:1f'));
    expect(api.uploadCertificate).toHaveBeenCalledWith({ certificate: PEM, friendlyName: 'web 1' });
    expect(bus.showToast).toHaveBeenCalledWith({ type: 'success', title: 'Certificate uploaded', message: 'web' });
  });

  it("should show the server's refusal on the certificate field and stay (Let's Encrypt upload)", async () => {
    const api = fakeApi();
    api.uploadCertificate.mockRejectedValue(apiError('CONFLICT', 'certificate: this certificate is already stored', { field: 'certificate' }));
    const user = userEvent.setup();
    renderWithStore(<CertificateUploadPage kind="le" />, { api });
    expect(screen.getByRole('heading', { level: 1, name: "Upload a Let's Encrypt certificate" })).toBeTruthy();
    await user.click(screen.getByRole('textbox', { name: 'Certificate (PEM or base64 DER)' }));
    await user.paste(PEM);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect((await screen.findByRole('alert')).textContent).toBe('certificate: this certificate is already stored');
    expect(screen.getByRole('textbox', { name: 'Certificate (PEM or base64 DER)' }).getAttribute('aria-invalid')).toBe('true');
    expect(navigate).not.toHaveBeenCalledWith(expect.stringContaining('/view/'));
  });

  it("should confirm a certificate of another CA on the page (it has no certificate page)", async () => {
    const api = fakeApi();
    api.uploadCertificate.mockResolvedValue({ ...STORED, caId: '', caName: '', certId: 'external:1f', subject: 'CN=outside' });
    const user = userEvent.setup();
    renderWithStore(<CertificateUploadPage kind="certificate" />, { api });
    await user.click(screen.getByRole('textbox', { name: 'Certificate (PEM or base64 DER)' }));
    await user.paste(PEM);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect((await screen.findByRole('status', { name: 'Uploaded certificate' })).textContent).toBe('Stored CN=outside (serial 1f) as issued_out_of_band. It was not signed by one of your certificate authorities.');
    expect(navigate).not.toHaveBeenCalledWith(expect.stringContaining('/view/'));
  });

  it('should send a DER file as base64', async () => {
    const api = fakeApi();
    api.uploadCertificate.mockResolvedValue(STORED);
    const user = userEvent.setup();
    renderWithStore(<CertificateUploadPage kind="certificate" />, { api });
    const der = new File([new Uint8Array([0x30, 0x82, 0x01, 0xff])], 'web.der');
    await user.upload(screen.getByLabelText('Certificate file'), der);
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Certificate (PEM or base64 DER)' }) as HTMLTextAreaElement).value).toBe('MIIB/w=='));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(api.uploadCertificate).toHaveBeenCalledWith({ certificate: 'MIIB/w==' }));
  });
});
