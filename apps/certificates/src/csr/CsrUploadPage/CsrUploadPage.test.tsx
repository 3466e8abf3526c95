/** @jest-environment jsdom */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { navigate } from '@tessera/ui';
import { apiError, fakeApi, installMatchMedia, renderWithStore, testTemplate } from '../../testing/renderWithStore';
import { CsrUploadPage } from './CsrUploadPage';

jest.mock('@tessera/ui', () => ({ ...jest.requireActual('@tessera/ui'), navigate: jest.fn() }));

const CSR = '-----BEGIN CERTIFICATE REQUEST-----\nMIIB\n-----END CERTIFICATE REQUEST-----';
const templates = [testTemplate({ templateId: 'dev', templateName: 'tls-server', class: 'DEVICE' }), testTemplate({ templateId: 'usr', templateName: 'user-auth', class: 'USER' })];

describe('CsrUploadPage', () => {
  beforeAll(() => installMatchMedia());

  it('should offer only device templates, submit the device CSR and open the issued certificate', async () => {
    const api = fakeApi();
    api.listCertificateTemplates.mockResolvedValue({ templates });
    api.submitDeviceCsr.mockResolvedValue({ requestId: 'r1', status: 'complete', certID: 'ca-1:0a1b', certCN: 'device-1', template: 'tls-server', certTID: 't1', certificate: 'PEM' });
    const user = userEvent.setup();
    const { bus } = renderWithStore(<CsrUploadPage kind="device" />, { api });
    const select = await screen.findByRole('combobox', { name: 'Template' });
    expect([...(select as HTMLSelectElement).options].map((o) => o.value)).toEqual(['dev']);
    await user.click(screen.getByRole('textbox', { name: 'Certificate signing request (PEM)' }));
    await user.paste(CSR);
    await user.type(screen.getByRole('textbox', { name: 'Friendly name' }), 'web 1');
    await user.click(screen.getByRole('button', { name: 'Submit CSR' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/credentials/certificates/view/ca-1:0a1b'));
    expect(api.submitDeviceCsr).toHaveBeenCalledWith({ templateId: 'dev', csr: CSR, friendlyName: 'web 1' });
    expect(api.submitUserCsr).not.toHaveBeenCalled();
    expect(bus.showToast).toHaveBeenCalledWith({ type: 'success', title: 'The certificate was issued.', message: 'device-1' });
  });

  it('should say a pending request awaits approval and a failed one why', async () => {
    const api = fakeApi();
    api.listCertificateTemplates.mockResolvedValue({ templates });
    api.submitUserCsr.mockResolvedValueOnce({ requestId: 'r2', status: 'pending' }).mockResolvedValueOnce({ requestId: 'r3', status: 'failed', failureCode: 'CSR_SIGNATURE_INVALID', message: 'The CSR signature does not verify (proof of possession failed).' });
    const user = userEvent.setup();
    renderWithStore(<CsrUploadPage kind="user" />, { api });
    await user.click(await screen.findByRole('textbox', { name: 'Certificate signing request (PEM)' }));
    await user.paste(CSR);
    await user.click(screen.getByRole('button', { name: 'Submit CSR' }));
    expect((await screen.findByRole('status')).textContent).toContain('The request awaits approval');
    expect(api.submitUserCsr).toHaveBeenCalledWith({ templateId: 'usr', csr: CSR });
    await user.click(screen.getByRole('button', { name: 'Submit CSR' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The CSR signature does not verify (proof of possession failed).');
  });

  it('should ask for the CSR before sending, and show a refusal beside the field it names', async () => {
    const api = fakeApi();
    api.listCertificateTemplates.mockResolvedValue({ templates });
    api.submitDeviceCsr.mockRejectedValue(apiError('VALIDATION', 'csr is not a PKCS#10 certificate request', { field: 'csr' }));
    const user = userEvent.setup();
    renderWithStore(<CsrUploadPage kind="device" />, { api });
    await user.click(await screen.findByRole('button', { name: 'Submit CSR' }));
    expect(screen.getByText('Paste the PEM of a certificate signing request')).toBeTruthy();
    expect(api.submitDeviceCsr).not.toHaveBeenCalled();
    await user.type(screen.getByRole('textbox', { name: 'Certificate signing request (PEM)' }), 'nonsense');
    await user.click(screen.getByRole('button', { name: 'Submit CSR' }));
    expect(await screen.findByText('csr is not a PKCS#10 certificate request')).toBeTruthy();
  });
});
