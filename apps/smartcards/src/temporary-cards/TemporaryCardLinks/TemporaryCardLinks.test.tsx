/** @jest-environment jsdom */
import { screen, waitFor } from '@testing-library/react';
import type { Smartcard } from '@tessera/domain';
import { fakeApi, installMatchMedia, renderWithStore } from '../../testing/renderWithStore';
import { TemporaryCardLinks } from './TemporaryCardLinks';

const card = (over: Partial<Smartcard>) => ({ cardId: 'c', serialNumber: '1', status: 'issued', extensions: {}, certificates: [], ...over }) as Smartcard;

describe('TemporaryCardLinks', () => {
  beforeAll(installMatchMedia);

  it('should link a temporary card to the card it replaces and say until when, and expired once expired', async () => {
    const api = fakeApi();
    api.temporarilyReplaces.mockResolvedValue({ smartcards: [card({ cardId: 'old', serialNumber: '5555', status: 'suspended' })] });
    renderWithStore(<TemporaryCardLinks card={card({ cardId: 'tmp', status: 'expired', extensions: { temporary_card: true, temporary_card_expires_at: '2026-12-01T00:00:00.000Z' } })} />, { api });
    const link = await screen.findByRole('link', { name: '5555 (suspended)' });
    expect(link.getAttribute('href')).toBe('/credentials/smartcards/view/old');
    expect(api.temporarilyReplaces).toHaveBeenCalledWith('tmp');
    expect(screen.getByTestId('card-temporary-until').textContent).toContain('(expired)');
  });

  it('should list the temporary cards that replace a card, and nothing else for an ordinary card', async () => {
    const api = fakeApi();
    api.temporarilyReplacedBy.mockResolvedValue({ smartcards: [card({ cardId: 't2', serialNumber: '8', status: 'issued' }), card({ cardId: 't1', serialNumber: '7', status: 'expired' })] });
    renderWithStore(<TemporaryCardLinks card={card({ cardId: 'old' })} />, { api });
    await waitFor(() => expect(screen.getByTestId('card-replaced-by').textContent).toBe('8 (issued), 7 (expired)'));
    expect(screen.queryByTestId('card-replaces')).toBeNull();
  });
});
