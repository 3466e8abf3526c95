/** @jest-environment jsdom */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { CardReader } from '@tessera/domain';
import { fakeApi, installMatchMedia, renderWithStore } from '../../testing/renderWithStore';
import { cardsActions } from '../cards.slice';
import { CardActionsSection } from './CardActionsSection';

const READER = 'Tessera Virtual Reader 0';
const reader: CardReader = { name: READER, cardPresent: true, status: 'CARD_PRESENT', processing: false, smartcard: { serialNumber: '1234', atr: '3B', cardType: 'PIV' } } as unknown as CardReader;

function setup() {
  const api = fakeApi();
  api.listCardTemplates.mockResolvedValue({ cardTemplates: [] });
  const rendered = renderWithStore(<CardActionsSection readers={[reader]} />, { api });
  act(() => {
    rendered.store.dispatch(cardsActions.listRequested());
  });
  return rendered;
}

describe('CardActionsSection: Register fails (signin §8)', () => {
  beforeAll(installMatchMedia);

  it("should toast and show 'Smartcard could not be registered' with the server's reason when RegisterCardStream fails, and offer no card link", async () => {
    const { bus } = setup();
    fireEvent.click(screen.getByLabelText('Register'));
    fireEvent.click(screen.getByRole('button', { name: 'Register card' }));
    await waitFor(() => expect(bus.runCardStream).toHaveBeenCalledWith('ws://localhost/api2/CMS-v2/RegisterCardStream', READER, { card_id: { readerName: READER } }));
    expect(screen.getByTestId('card-action-status').textContent).toBe('Processing…');
    // Another reader's failure is not this registration's.
    act(() => bus.readers.next({ type: 'cardOperationFailed', readerName: 'other', data: { status: 500, code: 'INTERNAL', message: 'elsewhere' } }));
    expect(screen.getByTestId('card-action-status').textContent).toBe('Processing…');
    act(() =>
      bus.readers.next({ type: 'cardOperationFailed', readerName: READER, data: { status: 409, code: 'CONFLICT', field: 'card_id', message: 'This card already has a record: clean it before issuing it again.' } }),
    );
    const text = 'Smartcard could not be registered: This card already has a record: clean it before issuing it again.';
    await waitFor(() => expect(screen.getByTestId('card-action-status').textContent).toBe(text));
    expect(bus.showToast).toHaveBeenCalledTimes(1);
    expect(bus.showToast).toHaveBeenCalledWith({ type: 'error', title: 'Smartcard could not be registered', message: 'This card already has a record: clean it before issuing it again.' });
    expect(screen.queryByText('Registered Smartcard')).toBeNull();
    expect(screen.queryByRole('link', { name: 'View the card' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Register card' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
