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
});
