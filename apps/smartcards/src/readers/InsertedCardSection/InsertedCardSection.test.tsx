/** @jest-environment jsdom */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CardReader, Smartcard } from '@tessera/domain';
import { fakeApi, installMatchMedia, renderWithStore } from '../../testing/renderWithStore';
import { InsertedCardSection } from './InsertedCardSection';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

const reader: CardReader = { name: 'Virtual PCD 00 00', cardPresent: true, smartcard: { serialNumber: '47780819', atr: '3B8C80', cardType: 'PIV' }, printer: null, status: 'ready', processing: false };
const record: Smartcard = {
  cardId: 'c1',
  serialNumber: '47780819',
  atr: '3B8C80',
  cardType: 'PIV',
  status: 'issued',
  userId: 'u1',
  cardTemplateId: 't1',
  certificates: [{ slot: '9A', certId: 'ca:0a1b', caId: 'ca', serialNumber: '0A1B', notAfter: '2027-01-01T00:00:00.000Z', pem: '' }],
  batch_id: null,
  extensions: {},
  failure: null,
  suspendedAt: null,
  suspensionReason: null,
  createdAt: '2026-11-28T00:00:00.000Z',
  updatedAt: '2026-11-28T00:00:00.000Z',
};
const onCard = (slot: string, serialNumber: string) => ({ slot, pem: '', subject: `CN=alice ${slot}`, issuer: 'CN=Cards CA', serialNumber, notBefore: '2026-11-28T00:00:00.000Z', notAfter: '2027-01-01T00:00:00.000Z', issuedByTessera: true });

describe('InsertedCardSection', () => {
  beforeAll(installMatchMedia);

  it('should show the inserted card\'s record and the certificates on it, each matched against the record', async () => {
    const api = fakeApi();
    api.cardDetails.mockResolvedValue({ smartcard: record, username: 'alice', cardTemplateName: 'Staff PIV' });
    api.readCertStore.mockResolvedValue({ serialNumber: '47780819', certificates: [onCard('9A', 'a1b'), onCard('9C', '77')] });
    renderWithStore(<InsertedCardSection readers={[reader, { ...reader, name: 'Empty reader', cardPresent: false, smartcard: null }]} />, { api });
    expect(screen.queryByRole('group', { name: 'Card in Empty reader' })).toBeNull();
    fireEvent.click(within(screen.getByRole('group', { name: 'Card in Virtual PCD 00 00' })).getByRole('button', { name: 'Card details' }));
    await waitFor(() => expect(screen.getByTestId('inserted-card-user').textContent).toBe('alice'));
    expect(api.cardDetails).toHaveBeenCalledWith({ serial: '47780819', atr: '3B8C80' });
    expect(api.readCertStore).toHaveBeenCalledWith('CMS-v2', 'Virtual PCD 00 00');
    expect(screen.getByTestId('inserted-card-template').textContent).toBe('Staff PIV');
    expect(screen.getByTestId('inserted-card-status').textContent).toBe('issued');
    const rows = within(screen.getByRole('table', { name: 'Certificates on card' })).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['CN=alice 9A', 'CN=Cards CA', new Date('2027-01-01T00:00:00.000Z').toLocaleDateString(), 'Yes'],
      ['CN=alice 9C', 'CN=Cards CA', new Date('2027-01-01T00:00:00.000Z').toLocaleDateString(), 'No'],
    ]);
  });

  it('should say when the server has no record of the card, and show a failure to read it', async () => {
    const api = fakeApi();
    api.cardDetails.mockRejectedValue(Object.assign(new Error('The smartcard was not found'), { status: 404 }));
    api.readCertStore.mockResolvedValue({ serialNumber: '47780819', certificates: [onCard('9A', 'a1b')] });
    renderWithStore(<InsertedCardSection readers={[reader]} />, { api });
    fireEvent.click(screen.getByRole('button', { name: 'Card details' }));
    await waitFor(() => expect(screen.getByTestId('inserted-card-unknown').textContent).toBe('The server has no record of this card.'));
    expect(within(screen.getByRole('table', { name: 'Certificates on card' })).getByText('No')).toBeTruthy();

    api.readCertStore.mockRejectedValue(new Error('No card in the reader'));
    fireEvent.click(screen.getByRole('button', { name: 'Card details' }));
    await waitFor(() => expect(screen.getByText('No card in the reader')).toBeTruthy());
  });
});
