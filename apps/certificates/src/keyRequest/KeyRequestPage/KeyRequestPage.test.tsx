/** @jest-environment jsdom */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, fakeApi, installMatchMedia, renderWithStore, testTemplate } from '../../testing/renderWithStore';
import { saveCertificateFile } from '../../view/saveCertificateFile';
import { KeyRequestPage } from './KeyRequestPage';

jest.mock('../../view/saveCertificateFile', () => ({ saveCertificateFile: jest.fn() }));

const templates = [
  testTemplate({ templateId: 'gen', templateName: 'user-keys', class: 'USER', serverKeyGeneration: true }),
  testTemplate({ templateId: 'csr', templateName: 'user-csr', class: 'USER', serverKeyGeneration: false }),
  testTemplate({ templateId: 'dev', templateName: 'device-keys', class: 'DEVICE', serverKeyGeneration: true }),
];

describe('KeyRequestPage', () => {
  beforeAll(() => installMatchMedia());
  beforeEach(() => jest.clearAllMocks());

  it('should offer only user templates that generate keys, check the password twice, and save the PKCS#12 once', async () => {
    const api = fakeApi();
    api.listCertificateTemplates.mockResolvedValue({ templates });
    api.submitUserKeyRequest.mockResolvedValue({ requestId: 'r1', status: 'complete', certID: 'ca:1f', certCN: 'alice', template: 'user-keys', certTID: 't1', certificate: 'PEM', pkcs12: 'MIIB', fileName: 'alice.p12' });
    const user = userEvent.setup();
    const { bus, store } = renderWithStore(<KeyRequestPage />, { api });
    const select = await screen.findByRole('combobox', { name: 'Template' });
    expect([...(select as HTMLSelectElement).options].map((o) => o.value)).toEqual(['gen']);
    await user.type(screen.getByLabelText('File password'), 'long-enough-1');
    await user.type(screen.getByLabelText('File password again'), 'long-enough-2');
    await user.click(screen.getByRole('button', { name: 'Generate key and request' }));
    expect(screen.getByText('The passwords do not match')).toBeTruthy();
    expect(api.submitUserKeyRequest).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText('File password again'));
    await user.type(screen.getByLabelText('File password again'), 'long-enough-1');
    await user.type(screen.getByRole('textbox', { name: /Common name/ }), 'alice');
    await user.click(screen.getByRole('button', { name: 'Generate key and request' }));
    await waitFor(() => expect(saveCertificateFile).toHaveBeenCalledWith({ fileName: 'alice.p12', contentType: 'application/x-pkcs12', data: 'MIIB' }));
    expect(api.submitUserKeyRequest).toHaveBeenCalledWith({ templateId: 'gen', password: 'long-enough-1', subject: { CN: 'alice' } });
    expect((await screen.findByRole('status')).textContent).toBe('alice was issued; its key was saved as alice.p12. Tessera keeps no copy of the key.');
    expect(bus.showToast).toHaveBeenCalledWith({ type: 'success', title: 'The certificate was issued.', message: 'alice' });
    // Neither the file nor the password stays in the store.
    expect(JSON.stringify(store.getState())).not.toMatch(/MIIB|long-enough/);
    expect((screen.getByLabelText('File password') as HTMLInputElement).value).toBe('');
  });

  it("should show the server's refusal on its field and save nothing", async () => {
    const api = fakeApi();
    api.listCertificateTemplates.mockResolvedValue({ templates });
    api.submitUserKeyRequest.mockRejectedValue(apiError('VALIDATION', 'templateId does not generate keys on the server: submit a CSR instead', { field: 'templateId' }));
    const user = userEvent.setup();
    renderWithStore(<KeyRequestPage />, { api });
    await user.type(await screen.findByLabelText('File password'), 'long-enough-1');
    await user.type(screen.getByLabelText('File password again'), 'long-enough-1');
    await user.click(screen.getByRole('button', { name: 'Generate key and request' }));
    expect(await screen.findByText('templateId does not generate keys on the server: submit a CSR instead')).toBeTruthy();
    expect(saveCertificateFile).not.toHaveBeenCalled();
  });

  it('should offer device templates on device/add and call SubmitDeviceKeyRequest with the device name', async () => {
    const api = fakeApi();
    api.listCertificateTemplates.mockResolvedValue({ templates });
    api.submitDeviceKeyRequest.mockResolvedValue({ requestId: 'r2', status: 'complete', certID: 'ca:2e', certCN: 'printer-7', template: 'device-keys', certTID: 't1', certificate: 'PEM', pkcs12: 'MIIC', fileName: 'printer-7.p12' });
    const user = userEvent.setup();
    renderWithStore(<KeyRequestPage kind="device" />, { api });
    const select = await screen.findByRole('combobox', { name: 'Template' });
    expect(screen.getByRole('heading', { name: 'Request a device certificate with a generated key' })).toBeTruthy();
    expect([...(select as HTMLSelectElement).options].map((o) => o.value)).toEqual(['dev']);
    await user.type(screen.getByRole('textbox', { name: /Common name/ }), 'printer-7');
    await user.type(screen.getByLabelText('File password'), 'long-enough-3');
    await user.type(screen.getByLabelText('File password again'), 'long-enough-3');
    await user.click(screen.getByRole('button', { name: 'Generate key and request' }));
    await waitFor(() => expect(saveCertificateFile).toHaveBeenCalledWith({ fileName: 'printer-7.p12', contentType: 'application/x-pkcs12', data: 'MIIC' }));
    expect(api.submitDeviceKeyRequest).toHaveBeenCalledWith({ templateId: 'dev', password: 'long-enough-3', subject: { CN: 'printer-7' } });
    expect(api.submitUserKeyRequest).not.toHaveBeenCalled();
  });
});
