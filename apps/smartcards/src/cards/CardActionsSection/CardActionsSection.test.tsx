/** @jest-environment jsdom */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { CardReader, CardTemplate, Smartcard } from '@tessera/domain';
import { fakeApi, installMatchMedia, renderWithStore } from '../../testing/renderWithStore';
import { readersActions } from '../../readers/readers.slice';
import { cardsActions } from '../cards.slice';
import { CardActionsSection } from './CardActionsSection';

const READER = 'Tessera Virtual Reader 0';
const reader: CardReader = { name: READER, cardPresent: true, status: 'CARD_PRESENT', processing: false, smartcard: { serialNumber: '1234', atr: '3B', cardType: 'PIV' } } as unknown as CardReader;
const template = {
  cardTemplateId: 't1',
  name: 'staff',
  slots: [],
  pin: { minLength: 8, maxLength: 8, digitsOnly: true },
  pinRequirements: { minLength: 8, maxLength: 8, digitsOnly: true, description: 'PIN must be between 8-8 numbers' },
  createdAt: '',
  updatedAt: '',
} as unknown as CardTemplate;
const card = { cardId: 'c1', serialNumber: '1234', status: 'issued', certificates: [] } as unknown as Smartcard;

function setup() {
  const api = fakeApi();
  api.listCardTemplates.mockResolvedValue({ cardTemplates: [template] });
  const rendered = renderWithStore(<CardActionsSection readers={[reader]} />, { api });
  act(() => {
    rendered.store.dispatch(cardsActions.listRequested());
  });
  return rendered;
}

const pinField = (name: string) => screen.getByLabelText(name) as HTMLInputElement;

describe('CardActionsSection', () => {
  beforeAll(installMatchMedia);

  it('should refuse a PIN the card template does not allow without calling the server, then issue with progress', async () => {
    const { api, bus, store } = setup();
    await screen.findByRole('option', { name: 'staff' });
    api.listUsers.mockResolvedValue({ totalResults: 2, results: [{ id: 'u9', username: 'alicey' }, { id: 'u1', username: 'alice' }] });
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'alice' } });
    fireEvent.change(pinField('PIN'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Issue card' }));
    expect(screen.getByText('PIN must be between 8-8 numbers', { selector: ':not([id$="hint"])' })).toBeTruthy();
    expect(api.listUsers).not.toHaveBeenCalled();

    fireEvent.change(pinField('PIN'), { target: { value: '24681357' } });
    fireEvent.click(screen.getByRole('button', { name: 'Issue card' }));
    // IssueCardStream carries the request; progress and outcome come back on the bus readers$.
    await waitFor(() =>
      expect(bus.runCardStream).toHaveBeenCalledWith('ws://localhost/api2/CMS-v2/IssueCardStream', READER, { card_id: { readerName: READER }, user_id: 'u1', card_template_id: 't1', pin: '24681357' }),
    );
    expect(api.listUsers).toHaveBeenCalledWith({ search: 'alice', take: 50 });
    expect(api.issueCard).not.toHaveBeenCalled();
    expect(screen.getByTestId('card-action-status').textContent).toBe('Processing…');
    expect((screen.getByRole('button', { name: 'Issue card' }) as HTMLButtonElement).disabled).toBe(true);

    act(() => {
      for (const step of ['open', 'read card', 'generate keys']) bus.readers.next({ type: 'cardProgress', readerName: READER, data: { type: 'cardProgress', step } });
      // The reader stream carries the same step again; another reader's progress is not this action's.
      store.dispatch(readersActions.readerEvent({ type: 'cardProgress', readerName: READER, step: 'open' } as never));
      bus.readers.next({ type: 'cardProgress', readerName: 'other', data: { step: 'done' } });
    });
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Card opened', 'Card read', 'PIN, PUK and keys set on the card']);

    act(() => bus.readers.next({ type: 'cardOperationDone', readerName: READER, data: { type: 'cardOperationDone', result: card } }));
    await waitFor(() => expect(screen.getByTestId('card-action-status').textContent).toBe('Smartcard issued successfully!'));
    expect(bus.showToast).toHaveBeenCalledWith({ type: 'success', title: 'Smartcard issued successfully!', message: '1234' });
    expect(screen.getByRole('link', { name: 'View the card' }).getAttribute('href')).toBe('/credentials/smartcards/view/c1');
  });

  it('should show the refusal the stream answers, under the field it names', async () => {
    const { api, bus } = setup();
    await screen.findByRole('option', { name: 'staff' });
    api.listUsers.mockResolvedValue({ totalResults: 1, results: [{ id: 'u1', username: 'alice' }] });
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'alice' } });
    fireEvent.change(pinField('PIN'), { target: { value: '24681357' } });
    fireEvent.click(screen.getByRole('button', { name: 'Issue card' }));
    await waitFor(() => expect(bus.runCardStream).toHaveBeenCalled());
    act(() =>
      bus.readers.next({ type: 'cardOperationFailed', readerName: READER, data: { status: 400, code: 'VALIDATION', field: 'user_id', message: 'Secret questions must be set before a card is issued or reissued.' } }),
    );
    const text = 'Smartcard could not be issued: Secret questions must be set before a card is issued or reissued.';
    await waitFor(() => expect(screen.getByTestId('card-action-status').textContent).toBe(text));
    expect(screen.getAllByText(text)).toHaveLength(2);
    expect(bus.showToast).toHaveBeenCalledWith({ type: 'error', title: 'Smartcard could not be issued', message: 'Secret questions must be set before a card is issued or reissued.' });
  });

  it('should name the username when the tenant has no such user, and not issue', async () => {
    const { api } = setup();
    await screen.findByRole('option', { name: 'staff' });
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'nobody' } });
    fireEvent.change(pinField('PIN'), { target: { value: '24681357' } });
    fireEvent.click(screen.getByRole('button', { name: 'Issue card' }));
    await waitFor(() => expect(screen.getByTestId('card-action-status').textContent).toBe('Smartcard could not be issued: No user of this tenant has this username.'));
    expect(screen.getAllByText('Smartcard could not be issued: No user of this tenant has this username.')).toHaveLength(2);
    expect(api.issueCard).not.toHaveBeenCalled();
  });

  it('should say Incorrect PIN provided. with the tries left when the card refuses the current PIN', async () => {
    const { api, bus } = setup();
    api.changeCardPin.mockRejectedValue(Object.assign(new Error('Incorrect PIN provided. 2 tries left.'), { status: 403 }));
    fireEvent.click(screen.getByLabelText('Change PIN'));
    fireEvent.change(pinField('Current PIN'), { target: { value: '11111111' } });
    fireEvent.change(pinField('New PIN'), { target: { value: '22222222' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change PIN card' }));
    await waitFor(() => expect(screen.getByTestId('card-action-status').textContent).toBe('Could not change card PIN. Incorrect PIN provided. 2 tries left.'));
    expect(api.changeCardPin).toHaveBeenCalledWith({ card_id: { readerName: READER }, old_pin: '11111111', new_pin: '22222222' }, 'CMS-v2');
    expect(bus.showToast).toHaveBeenCalledWith({ type: 'error', title: 'Could not change card PIN.', message: 'Incorrect PIN provided. 2 tries left.' });
  });

  it('should unblock with a new PIN and clean the card, refreshing the card list', async () => {
    const { api } = setup();
    api.unblockCard.mockResolvedValue({ unblocked: true });
    fireEvent.click(screen.getByLabelText('Unblock'));
    fireEvent.change(pinField('New PIN'), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Unblock card' }));
    await waitFor(() => expect(screen.getByTestId('card-action-status').textContent).toBe('The card PIN has been reset'));
    expect(api.unblockCard).toHaveBeenCalledWith({ card_id: { readerName: READER }, new_pin: '654321' }, 'CMS-v2');

    api.cleanCard.mockResolvedValue({ cleaned: true, certRevokeError: null });
    const listed = api.listSmartcards.mock.calls.length;
    fireEvent.click(screen.getByLabelText('Clean'));
    fireEvent.click(screen.getByRole('button', { name: 'Clean card' }));
    await waitFor(() => expect(screen.getByTestId('card-action-status').textContent).toBe('Smartcard cleaned'));
    expect(api.cleanCard).toHaveBeenCalledWith({ readerName: READER });
    expect(api.listSmartcards.mock.calls.length).toBe(listed + 1);
  });

  it('should change the PIN to a passphrase and reset the passphrase with the PUK, refusing a passphrase without a letter first', async () => {
    const { api } = setup();
    fireEvent.click(screen.getByLabelText('Change passphrase'));
    fireEvent.change(pinField('Current PIN'), { target: { value: '24681357' } });
    fireEvent.change(pinField('New passphrase'), { target: { value: '12345678' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change passphrase card' }));
    expect(screen.getByText('A passphrase must contain at least one letter')).toBeTruthy();
    expect(api.changePassphrase).not.toHaveBeenCalled();

    api.changePassphrase.mockResolvedValue({ changed: true });
    fireEvent.change(pinField('Current PIN'), { target: { value: '24681357' } });
    fireEvent.change(pinField('New passphrase'), { target: { value: 'sesame12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change passphrase card' }));
    await waitFor(() => expect(screen.getByTestId('card-action-status').textContent).toBe('Passphrase changed'));
    expect(api.changePassphrase).toHaveBeenCalledWith('CMS-v2', { card_id: { readerName: READER }, pin: '24681357', passphrase: 'sesame12' });

    // The server names the field when the card's template allows no passphrase.
    api.resetPinPassphrase.mockRejectedValueOnce(Object.assign(new Error('The card template of this card does not allow a passphrase.'), { status: 400, code: 'VALIDATION', field: 'passphrase' }));
    fireEvent.click(screen.getByLabelText('Reset passphrase'));
    fireEvent.change(pinField('New passphrase'), { target: { value: 'letmein1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset passphrase card' }));
    await waitFor(() => expect(screen.getAllByText(/does not allow a passphrase/).length).toBeGreaterThan(0));
    api.resetPinPassphrase.mockResolvedValue({ reset: true, kind: 'passphrase' });
    fireEvent.change(pinField('New passphrase'), { target: { value: 'letmein1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset passphrase card' }));
    await waitFor(() => expect(screen.getByTestId('card-action-status').textContent).toBe('The card PIN or passphrase has been reset'));
    expect(api.resetPinPassphrase).toHaveBeenLastCalledWith('CMS-v2', { card_id: { readerName: READER }, passphrase: 'letmein1' });
  });

  it('should reissue with the card PIN and forceRevoke, show a wrong PIN, and refresh the card list', async () => {
    const { api, bus } = setup();
    fireEvent.click(screen.getByLabelText('Reissue'));
    fireEvent.click(screen.getByRole('button', { name: 'Reissue card' }));
    expect(screen.getByText('Enter the card PIN.')).toBeTruthy();
    expect(api.reissueCard).not.toHaveBeenCalled();

    api.reissueCard.mockRejectedValueOnce(Object.assign(new Error('Incorrect PIN provided. 2 tries left.'), { status: 403, code: 'INCORRECT_PIN' }));
    fireEvent.change(pinField('Card PIN'), { target: { value: '99999999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reissue card' }));
    await waitFor(() => expect(screen.getByTestId('card-action-status').textContent).toBe('Could not renew card certificates. Incorrect PIN provided. 2 tries left.'));

    api.reissueCard.mockResolvedValueOnce({ smartcard: card, certRevokeError: null });
    const listed = api.listSmartcards.mock.calls.length;
    fireEvent.change(pinField('Card PIN'), { target: { value: '24681357' } });
    fireEvent.click(screen.getByLabelText('Revoke the old certificates'));
    fireEvent.click(screen.getByRole('button', { name: 'Reissue card' }));
    await waitFor(() => expect(screen.getByTestId('card-action-status').textContent).toBe('Certificate renewed successfully!'));
    expect(api.reissueCard).toHaveBeenLastCalledWith({ card_id: { readerName: READER }, card_pin: '24681357', forceRevoke: true }, 'CMS-v2');
    expect(api.listSmartcards.mock.calls.length).toBe(listed + 1);
    expect(bus.showToast).toHaveBeenCalledWith(expect.objectContaining({ type: 'success', title: 'Certificate renewed successfully!' }));
  });

  it('should register the card over RegisterCardStream and say Registered Smartcard', async () => {
    const { bus } = setup();
    fireEvent.click(screen.getByLabelText('Register'));
    fireEvent.click(screen.getByRole('button', { name: 'Register card' }));
    await waitFor(() => expect(bus.runCardStream).toHaveBeenCalledWith('ws://localhost/api2/CMS-v2/RegisterCardStream', READER, { card_id: { readerName: READER } }));
    act(() => bus.readers.next({ type: 'cardOperationDone', readerName: READER, data: { result: { smartcard: { ...card, status: 'registered' }, issued: false } } }));
    await waitFor(() => expect(screen.getByTestId('card-action-status').textContent).toBe('Registered Smartcard'));
    expect(screen.getByRole('link', { name: 'View the card' }).getAttribute('href')).toBe('/credentials/smartcards/view/c1');
  });

  it('should offer nothing but a hint when no reader holds a card', () => {
    renderWithStore(<CardActionsSection readers={[{ ...reader, cardPresent: false }]} />);
    expect(screen.getByText('Insert a card in a reader to issue, change its PIN, unblock or clean it.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Card action' })).toBeNull();
  });
});
