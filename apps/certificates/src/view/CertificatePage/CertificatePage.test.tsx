/** @jest-environment jsdom */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CertificateDetails } from '@tessera/domain';
import { fakeApi, installMatchMedia, renderWithStore } from '../../testing/renderWithStore';
import { saveCertificateFile } from '../saveCertificateFile';
import { CertificatePage } from './CertificatePage';

jest.mock('../saveCertificateFile', () => ({ saveCertificateFile: jest.fn() }));

function details(over: Partial<CertificateDetails> = {}): CertificateDetails {
  return {
    certId: 'ca-1:0a1b', csr: null, caName: 'Root CA', template: 'tls-server', certificate: 'PEM', serialNumber: '0a1b', status: 'issued', friendly_name: 'web 1',
    server: null, function: null, vendor: null, created_at: '2026-11-25T10:00:00.000Z', updated_at: '2026-11-25T10:00:00.000Z', ca_id: 'ca-1', ca_owner: 't1',
    name: 'device-1', ca_certificate: 'CA PEM', crl_location: 'http://x/pki/crl/ca-1.crl', ocsp_enabled: true, certificate_logon_ca: false, tenant_id: 't1', csr_id: null,
    class: 'DEVICE', email: null, device_id: null, subject: 'CN=device-1', version: 3, valid_from: '2026-11-25T10:00:00.000Z', valid_to: '2027-11-25T10:00:00.000Z',
    template_id: 't-1', key_usage: ['digitalSignature'], eku: ['serverAuth'], signature_algorithm: 'ecdsa-with-SHA256', cert_base64: 'MII', contact_email: null,
    revocation_reason: null, revocation_date: null, eku_oid: ['1.3.6.1.5.5.7.3.1'], card_serial: null,
    chain: ['-----BEGIN CERTIFICATE-----\nROOT\n-----END CERTIFICATE-----'],
    lint: [{ ruleId: 'e_san_missing', severity: 'warn', citation: 'RFC 5280 §4.2.1.6', message: 'No subject alternative name' }],
    ...over,
  };
}

describe('CertificatePage', () => {
  beforeAll(() => installMatchMedia());

  it('should show the §3 details, lint findings with severity and the chain, and download PKCS#7', async () => {
    const api = fakeApi();
    api.getCertificate.mockResolvedValue(details());
    api.downloadCertificate.mockResolvedValue({ fileName: 'device-1.p7b', contentType: 'application/pkcs7-mime', data: 'MIIB' });
    const user = userEvent.setup();
    renderWithStore(<CertificatePage certId="ca-1:0a1b" />, { api });
    const table = await screen.findByRole('table', { name: 'Certificate details' });
    expect(api.getCertificate).toHaveBeenCalledWith('ca-1:0a1b');
    expect(within(table).getByRole('rowheader', { name: 'Subject' }).nextElementSibling?.textContent).toBe('CN=device-1');
    expect(within(table).getByRole('rowheader', { name: 'Extended key usage' }).nextElementSibling?.textContent).toBe('serverAuth');
    expect(within(screen.getByRole('list', { name: 'Lint findings' })).getByText('warn')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Certificate chain' })).getAllByRole('listitem')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Download PKCS#7 (with chain)' }));
    await waitFor(() => expect(saveCertificateFile).toHaveBeenCalledWith({ fileName: 'device-1.p7b', contentType: 'application/pkcs7-mime', data: 'MIIB' }));
    expect(api.downloadCertificate).toHaveBeenCalledWith('ca-1:0a1b', 'p7b');
  });

  it('should show the certificate info: the associated user, device and smartcard', async () => {
    const api = fakeApi();
    api.getCertificate.mockResolvedValue(details());
    api.getCertificateInfo.mockResolvedValue({ cn: 'device-1', dn: 'CN=device-1', certificate: 'PEM', associatedUser: { id: 'u1', username: 'alice' }, associatedDevice: { device_oid: 'd1', hostname: 'device-1', serial_number: 'SN-9' }, associatedSmartcardDetails: null });
    renderWithStore(<CertificatePage certId="ca-1:0a1b" />, { api });
    const info = await screen.findByRole('table', { name: 'Certificate info' });
    expect(api.getCertificateInfo).toHaveBeenCalledWith('ca-1:0a1b');
    expect(within(info).getByRole('rowheader', { name: 'User' }).nextElementSibling?.textContent).toBe('alice');
    expect(within(info).getByRole('rowheader', { name: 'Device' }).nextElementSibling?.textContent).toBe('device-1 (serial SN-9)');
    expect(within(info).getByRole('rowheader', { name: 'Smartcard' }).nextElementSibling?.textContent).toBe('None');
  });

  it('should show the device endpoints where the certificate was last seen, linking to each device', async () => {
    const api = fakeApi();
    api.getCertificate.mockResolvedValue(details());
    api.certificateEndpoints.mockResolvedValue([
      { id: 'e-1', deviceId: 'd-9', deviceHostname: 'web-01', host: '10.0.0.7', port: 8443, serverName: '', label: '', lastScanAt: '2026-11-28T10:05:00.000Z', lastScanError: null, certificate: null, status: 'valid', createdAt: '2026-11-28T10:00:00.000Z' },
    ]);
    renderWithStore(<CertificatePage certId="ca-1:0a1b" />, { api });
    const list = await screen.findByRole('list', { name: 'Endpoints presenting this certificate' });
    expect(api.certificateEndpoints).toHaveBeenCalledWith('ca-1:0a1b');
    expect(within(list).getByRole('listitem').textContent).toBe('web-01 10.0.0.7:8443 (scanned 2026-11-28 10:05)');
    expect(within(list).getByRole('link', { name: 'web-01' }).getAttribute('href')).toBe('/identity/devices/view/d-9');
  });

  it('should say when no device endpoint presents the certificate', async () => {
    const api = fakeApi();
    api.getCertificate.mockResolvedValue(details());
    renderWithStore(<CertificatePage certId="ca-1:0a1b" />, { api });
    expect(await screen.findByText('No device endpoint presents this certificate')).toBeTruthy();
  });

  it('should revoke with the chosen RFC 5280 reason and show the certificate revoked afterwards', async () => {
    const api = fakeApi();
    api.getCertificate.mockResolvedValueOnce(details()).mockResolvedValueOnce(details({ status: 'revoked', revocation_reason: 'keyCompromise', revocation_date: '2026-11-25T11:00:00.000Z' }));
    api.revokeCertificate.mockResolvedValue({ revocationId: 'rv1', status: 'ok', certificateIsOnline: true });
    const user = userEvent.setup();
    const { bus } = renderWithStore(<CertificatePage certId="ca-1:0a1b" revoke />, { api });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Reason' }), 'keyCompromise');
    await user.click(screen.getByRole('button', { name: 'Revoke certificate' }));
    expect(await screen.findByText('This certificate is revoked.')).toBeTruthy();
    expect(api.revokeCertificate).toHaveBeenCalledWith({ caId: 'ca-1', serialNumber: '0a1b', reason: 'keyCompromise' });
    expect(within(screen.getByRole('table', { name: 'Certificate details' })).getByRole('rowheader', { name: 'Revocation reason' }).nextElementSibling?.textContent).toBe('keyCompromise');
    expect(bus.showToast).toHaveBeenCalledWith({ type: 'success', title: 'The certificate was revoked.', message: 'The CRL and OCSP answer revoked.' });
  });

  it('should say a revocation awaits approval, and show a failed one with its failureCode', async () => {
    const api = fakeApi();
    api.getCertificate.mockResolvedValue(details());
    api.revokeCertificate.mockResolvedValueOnce({ revocationId: 'rv2', status: 'pending', certificateIsOnline: false }).mockResolvedValueOnce({ revocationId: 'rv3', status: 'failed', certificateIsOnline: false, failureCode: 'ALREADY_REVOKED' });
    const user = userEvent.setup();
    renderWithStore(<CertificatePage certId="ca-1:0a1b" revoke />, { api });
    await user.click(await screen.findByRole('button', { name: 'Revoke certificate' }));
    expect((await screen.findByRole('status')).textContent).toBe('The revocation awaits approval.');
    await user.click(screen.getByRole('button', { name: 'Revoke certificate' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The certificate was not revoked: ALREADY_REVOKED');
  });
});
