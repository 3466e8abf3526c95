/** @jest-environment jsdom */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Smartcard } from '@tessera/domain';
import { fakeApi, installMatchMedia, renderWithStore } from '../../testing/renderWithStore';
import { SmartcardEditPage } from './SmartcardEditPage';

const card = { cardId: 'c1', serialNumber: '5551234', status: 'issued', extensions: { note: 'x' }, certificates: [] } as unknown as Smartcard;

describe('SmartcardEditPage', () => {
  beforeAll(installMatchMedia);

  it('should load the card, mark it temporary, save it, and say when saving fails', async () => {
    const api = fakeApi();
    api.getSmartcard.mockResolvedValue(card);
    api.updateSmartcard.mockResolvedValueOnce({ ...card, extensions: { note: 'x', temporary_card: true } }).mockRejectedValueOnce(new Error('Audit failed'));
    const { bus } = renderWithStore(<SmartcardEditPage cardId="c1" />, { api });
    await waitFor(() => expect(screen.getByTestId('edit-card-serial').textContent).toBe('5551234 (issued)'));
    const box = screen.getByLabelText('Temporary card') as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('card-edit-status').textContent).toBe('Smartcard updated'));
    expect(api.updateSmartcard).toHaveBeenCalledWith({ smartcard_id: 'c1', temporary_card: true });
    expect((screen.getByLabelText('Temporary card') as HTMLInputElement).checked).toBe(true);
    expect(bus.showToast).toHaveBeenCalledWith({ type: 'success', title: 'Smartcard updated', message: '5551234' });

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('card-edit-status').textContent).toBe('Smartcard could not be updated: Audit failed'));
  });

  it("should move a temporary card's expiry or make it unlimited, and show admin-console §8's text when that fails", async () => {
    const temporary = { ...card, extensions: { temporary_card: true, temporary_card_expires_at: '2026-12-01T10:00:00.000Z' } } as unknown as Smartcard;
    const api = fakeApi();
    api.getSmartcard.mockResolvedValue(temporary);
    api.updateSmartcardExpiry
      .mockResolvedValueOnce({ ...temporary, extensions: { temporary_card: true, temporary_card_expires_at: null } })
      .mockRejectedValueOnce(Object.assign(new Error('must be a date and time after now'), { status: 400, field: 'expiresAt' }));
    const { bus } = renderWithStore(<SmartcardEditPage cardId="c1" />, { api });
    const at = (await screen.findByLabelText(/Expires at/)) as HTMLInputElement;
    expect(at.value).not.toBe('');
    expect(new Date(at.value).toISOString()).toBe('2026-12-01T10:00:00.000Z');
    fireEvent.click(screen.getByLabelText('Unlimited'));
    expect(at.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Update expiry' }));
    await waitFor(() => expect(screen.getByTestId('card-edit-status').textContent).toBe('Smartcard expiry updated'));
    expect(api.updateSmartcardExpiry).toHaveBeenCalledWith({ smartcard_id: 'c1', expiresAt: null });
    expect((screen.getByLabelText('Unlimited') as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByLabelText('Unlimited'));
    fireEvent.change(screen.getByLabelText(/Expires at/), { target: { value: '2020-01-01T09:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update expiry' }));
    await waitFor(() => expect(screen.getByTestId('card-edit-status').textContent).toBe('An error occurred while sending request to update smartcard expiry: must be a date and time after now'));
    expect(api.updateSmartcardExpiry).toHaveBeenLastCalledWith({ smartcard_id: 'c1', expiresAt: new Date('2020-01-01T09:00').toISOString() });
    expect(bus.showToast).toHaveBeenLastCalledWith({ type: 'error', title: 'An error occurred while sending request to update smartcard expiry', message: 'must be a date and time after now' });
  });

  it('should offer no expiry for an ordinary card', async () => {
    const api = fakeApi();
    api.getSmartcard.mockResolvedValue(card);
    renderWithStore(<SmartcardEditPage cardId="c1" />, { api });
    await screen.findByTestId('edit-card-serial');
    expect(screen.queryByRole('form', { name: 'Temporary card expiry' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Update expiry' })).toBeNull();
  });
});
