/** @jest-environment jsdom */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DecodedObject } from '@tessera/domain';
import { apiError, fakeApi, installMatchMedia, renderWithStore } from '../../testing/renderWithStore';
import { DecodePemPage } from './DecodePemPage';

const certificate: DecodedObject = {
  kind: 'certificate',
  format: 'pem',
  label: 'CERTIFICATE',
  fields: [
    { name: 'Subject', value: 'CN=Decode Root' },
    { name: 'Serial number', value: '01:AB' },
  ],
  extensions: [{ oid: '2.5.29.19', name: 'Basic Constraints', critical: true, value: 'CA: true' }],
  revoked: [],
  pem: '-----BEGIN CERTIFICATE-----\n-----END CERTIFICATE-----\n',
};
const crl: DecodedObject = {
  kind: 'crl',
  format: 'der',
  label: null,
  fields: [{ name: 'Issuer', value: 'CN=Decode Root' }],
  extensions: [],
  revoked: [{ serialNumber: '05', revocationDate: '2026-05-31T00:00:00.000Z', reason: 'keyCompromise' }],
  pem: '',
};

describe('DecodePemPage', () => {
  beforeAll(() => installMatchMedia());

  it('should send pasted text and show every decoded object with its fields, extensions and revoked serials', async () => {
    const api = fakeApi();
    api.decodePem.mockResolvedValue({ message: 'Successfully decoded', objects: [certificate, crl] });
    const user = userEvent.setup();
    const { bus } = renderWithStore(<DecodePemPage />, { api });
    await user.type(screen.getByRole('textbox', { name: 'PEM, hex or base64' }), '3082abcd');
    await user.click(screen.getByRole('button', { name: 'Decode' }));
    expect(api.decodePem).toHaveBeenCalledWith({ content: '3082abcd', encoding: 'text' });
    expect((await screen.findByRole('status')).textContent).toBe('Successfully decoded: 2 objects.');
    const fields = screen.getByRole('table', { name: '1. Certificate fields' });
    expect(within(fields).getByRole('rowheader', { name: 'Subject' }).nextElementSibling?.textContent).toBe('CN=Decode Root');
    expect(within(screen.getByRole('table', { name: '1. Certificate extensions' })).getByText('CA: true')).toBeTruthy();
    const revoked = screen.getByRole('table', { name: '2. Certificate revocation list revoked certificates' });
    expect(within(revoked).getByText('keyCompromise')).toBeTruthy();
    expect(bus.showToast).toHaveBeenCalledWith({ type: 'success', title: 'Successfully decoded', message: '2 objects decoded' });
  });

  it("should show 'Failed to decode' when the server cannot decode the input", async () => {
    const api = fakeApi();
    api.decodePem.mockRejectedValue(apiError('VALIDATION', 'Failed to decode', { field: 'content' }));
    const user = userEvent.setup();
    const { bus } = renderWithStore(<DecodePemPage />, { api });
    await user.type(screen.getByRole('textbox', { name: 'PEM, hex or base64' }), 'hello');
    await user.click(screen.getByRole('button', { name: 'Decode' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to decode');
    expect(screen.queryByRole('region', { name: 'Decoded objects' })).toBeNull();
    expect(bus.showToast).toHaveBeenCalledWith({ type: 'error', title: 'Failed to decode', message: '' });
  });

  it('should send a chosen file as base64 of its bytes', async () => {
    const api = fakeApi();
    api.decodePem.mockResolvedValue({ message: 'Successfully decoded', objects: [crl] });
    const user = userEvent.setup();
    renderWithStore(<DecodePemPage />, { api });
    await user.upload(screen.getByLabelText('Or a file'), new File([Uint8Array.from([0x30, 0x82, 0x00, 0x01, 0x00])], 'ca.crl'));
    await user.click(screen.getByRole('button', { name: 'Decode' }));
    await waitFor(() => expect(api.decodePem).toHaveBeenCalledWith({ content: 'MIIAAQA=', encoding: 'base64' }));
    expect(await screen.findByRole('region', { name: 'Decoded objects' })).toBeTruthy();
  });

  it('should refuse a file over 10 MB in the browser without calling the server', async () => {
    const api = fakeApi();
    const user = userEvent.setup();
    renderWithStore(<DecodePemPage />, { api });
    const big = new File(['x'], 'big.pem');
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    await user.upload(screen.getByLabelText('Or a file'), big);
    await user.click(screen.getByRole('button', { name: 'Decode' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The file is larger than 10 MB.');
    expect(api.decodePem).not.toHaveBeenCalled();
  });

  it('should ask for input when nothing is pasted or chosen', async () => {
    const api = fakeApi();
    const user = userEvent.setup();
    renderWithStore(<DecodePemPage />, { api });
    await user.click(screen.getByRole('button', { name: 'Decode' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Paste a certificate, CSR or CRL, or choose a file.');
    expect(api.decodePem).not.toHaveBeenCalled();
  });
});
