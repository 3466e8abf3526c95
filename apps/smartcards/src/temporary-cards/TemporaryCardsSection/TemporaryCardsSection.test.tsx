/** @jest-environment jsdom */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { TEMPORARY_CARD_MESSAGES, VSC_MESSAGES, type CardReader, type CardTemplate, type Smartcard } from '@tessera/domain';
import { fakeApi, installMatchMedia, renderWithStore } from '../../testing/renderWithStore';
import { cardsActions } from '../../cards/cards.slice';
import { TemporaryCardsSection } from './TemporaryCardsSection';

const READER = 'Tessera Virtual Reader 0';
const reader = { name: READER, cardPresent: true, status: 'PRESENT', processing: false, smartcard: { serialNumber: '1234', atr: '3B', cardType: 'PIV' } } as unknown as CardReader;
const vscReader = { ...reader, name: 'Tessera VSC 99' } as CardReader;
const template = {
  cardTemplateId: 't1',
  name: 'staff',
  slots: [],
  pinRequirements: { minLength: 8, maxLength: 8, digitsOnly: true, description: 'PIN must be between 8-8 numbers' },
} as unknown as CardTemplate;
const oldCard = { cardId: 'old1', serialNumber: '5555', status: 'issued', extensions: {}, certificates: [] } as unknown as Smartcard;

function setup(configuration = { defaultDuration: 5, unlimitedIsDefault: false }) {
  const api = fakeApi();
  api.listCardTemplates.mockResolvedValue({ cardTemplates: [template] });
  api.temporaryCardConfiguration.mockResolvedValue(configuration);
  api.listUsers.mockResolvedValue({ totalResults: 1, results: [{ id: 'u1', username: 'alice' }] });
  const rendered = renderWithStore(<TemporaryCardsSection readers={[reader, vscReader]} />, { api });
  act(() => {
    rendered.store.dispatch(cardsActions.listRequested());
  });
  return rendered;
}

const form = (name: string) => screen.getByRole('form', { name });

describe('TemporaryCardsSection', () => {
  beforeAll(installMatchMedia);

  it('should find the user\'s replaceable cards, take the tenant\'s default days, and issue the temporary card over its stream, its steps shown', async () => {
    const { api, bus } = setup();
    api.temporaryCardCandidates.mockResolvedValue({ smartcards: [oldCard] });
    await screen.findAllByRole('option', { name: 'staff' });
    // A VSC's reader is not offered for a temporary card.
    expect(screen.queryByRole('option', { name: /Tessera VSC 99/ })).toBeNull();
    const f = form('Temporary card');
    fireEvent.change(f.querySelector('input[autocomplete="off"]')!, { target: { value: 'alice' } });
    fireEvent.click(screen.getByRole('button', { name: "Find the user's cards" }));
    await screen.findByRole('option', { name: '5555 (issued)' });
    expect(api.temporaryCardCandidates).toHaveBeenCalledWith('u1');
    expect((screen.getByLabelText('Validity (days)') as HTMLInputElement).value).toBe('5');
    fireEvent.change(screen.getByLabelText('Validity (days)'), { target: { value: '400' } });
    fireEvent.change(f.querySelector('input[type="password"]')!, { target: { value: '24681357' } });
    fireEvent.click(screen.getByRole('button', { name: 'Issue temporary card' }));
    expect(screen.getByText(`Validity ${TEMPORARY_CARD_MESSAGES.DURATION_RANGE}`)).toBeTruthy();
    expect(bus.runCardStream).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Validity (days)'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Issue temporary card' }));
    await waitFor(() =>
      expect(bus.runCardStream).toHaveBeenCalledWith('ws://localhost/api2/CMS-v2/IssueTemporaryCardStream', READER, { card_request: { card_id: { readerName: READER }, user_id: 'u1', card_template_id: 't1', pin: '24681357' }, old_card_id: 'old1', validity_duration: 3 }),
    );
    expect(api.issueTemporaryCard).not.toHaveBeenCalled();
    act(() => {
      for (const step of ['open', 'read card', 'issue certificates']) bus.readers.next({ type: 'cardProgress', readerName: READER, data: { type: 'cardProgress', step } });
      bus.readers.next({ type: 'cardProgress', readerName: 'other', data: { step: 'done' } });
    });
    expect(screen.getByTestId('temporary-card-status').textContent).toBe('Processing…');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Card opened', 'Card read', 'Certificates issued']);
    act(() => bus.readers.next({ type: 'cardOperationDone', readerName: READER, data: { type: 'cardOperationDone', result: { cardId: 'new1', serialNumber: '7777' } } }));
    await waitFor(() => expect(screen.getByTestId('temporary-card-status').textContent).toBe(TEMPORARY_CARD_MESSAGES.ISSUED));
    expect(screen.getByRole('list', { name: 'temporary card progress' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View the temporary card' }).getAttribute('href')).toBe('/credentials/smartcards/view/new1');
    expect(bus.showToast).toHaveBeenCalledWith({ type: 'success', title: TEMPORARY_CARD_MESSAGES.ISSUED, message: '7777' });
  });

  it('should send 0 days when unlimited is the default, and show the server\'s refusal on its field', async () => {
    const { api, bus } = setup({ defaultDuration: 0, unlimitedIsDefault: true });
    api.temporaryCardCandidates.mockResolvedValue({ smartcards: [oldCard] });
    await screen.findAllByRole('option', { name: 'staff' });
    const f = form('Temporary card');
    fireEvent.change(f.querySelector('input[autocomplete="off"]')!, { target: { value: 'alice' } });
    fireEvent.click(screen.getByRole('button', { name: "Find the user's cards" }));
    await screen.findByRole('option', { name: '5555 (issued)' });
    expect((screen.getByLabelText('Unlimited') as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByLabelText('Validity (days)')).toBeNull();
    fireEvent.change(f.querySelector('input[type="password"]')!, { target: { value: '24681357' } });
    fireEvent.click(screen.getByRole('button', { name: 'Issue temporary card' }));
    await waitFor(() => expect(bus.runCardStream).toHaveBeenCalled());
    act(() => bus.readers.next({ type: 'cardOperationFailed', readerName: READER, data: { status: 400, code: 'VALIDATION', field: 'old_card_id', message: TEMPORARY_CARD_MESSAGES.ALREADY_REPLACED } }));
    await waitFor(() => expect(screen.getByTestId('temporary-card-status').textContent).toBe(`${TEMPORARY_CARD_MESSAGES.ISSUE_FAILED}: ${TEMPORARY_CARD_MESSAGES.ALREADY_REPLACED}`));
    expect((bus.runCardStream.mock.calls[0] as unknown[])[2]).toMatchObject({ validity_duration: 0 });
  });

  it('should say when the user has no card to replace', async () => {
    setup();
    await screen.findAllByRole('option', { name: 'staff' });
    fireEvent.change(form('Temporary card').querySelector('input[autocomplete="off"]')!, { target: { value: 'alice' } });
    fireEvent.click(screen.getByRole('button', { name: "Find the user's cards" }));
    expect(await screen.findByText(TEMPORARY_CARD_MESSAGES.NO_CARDS)).toBeTruthy();
  });

  it("should issue a VSC over IssueVSCStream, its steps shown, with the spec's toasts, success and failure", async () => {
    const { api, bus } = setup();
    await screen.findAllByRole('option', { name: 'staff' });
    const f = form('Virtual smart card');
    fireEvent.change(f.querySelector('input[autocomplete="off"]')!, { target: { value: 'alice' } });
    fireEvent.change(f.querySelector('input[type="password"]')!, { target: { value: '1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Issue VSC' }));
    expect(screen.getByText('PIN must be between 8-8 numbers', { selector: ':not([id$="hint"])' })).toBeTruthy();
    expect(bus.runCardStream).not.toHaveBeenCalled();
    fireEvent.change(f.querySelector('input[type="password"]')!, { target: { value: '24681357' } });
    fireEvent.click(screen.getByRole('button', { name: 'Issue VSC' }));
    await waitFor(() => expect(bus.runCardStream).toHaveBeenCalledTimes(1));
    const [url, stream, request] = bus.runCardStream.mock.calls[0] as unknown as [string, string, unknown];
    expect(url).toBe('ws://localhost/api2/CMS-v2/IssueVSCStream');
    expect(request).toEqual({ user_id: 'u1', card_template_id: 't1', pin: '24681357' });
    expect(api.issueVsc).not.toHaveBeenCalled();
    act(() => {
      for (const step of ['read card', 'generate keys', 'issue certificates']) bus.readers.next({ type: 'cardProgress', readerName: stream, data: { type: 'cardProgress', step, virtualReaderName: 'Tessera VSC 4242' } });
      // Another operation's step is not this VSC's.
      bus.readers.next({ type: 'cardProgress', readerName: 'Tessera VSC 4242', data: { step: 'write certificates' } });
    });
    expect(screen.getByTestId('vsc-status').textContent).toBe('Processing…');
    expect(Array.from(screen.getByRole('list', { name: 'VSC progress' }).querySelectorAll('li')).map((li) => li.textContent)).toEqual(['Card read', 'PIN, PUK and keys set on the card', 'Certificates issued']);
    act(() => bus.readers.next({ type: 'cardOperationDone', readerName: stream, data: { type: 'cardOperationDone', result: { cardId: 'v1', serialNumber: '4242' } } }));
    await waitFor(() => expect(screen.getByTestId('vsc-status').textContent).toBe(VSC_MESSAGES.ISSUED));
    expect(screen.getByRole('list', { name: 'VSC progress' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View the VSC' }).getAttribute('href')).toBe('/credentials/smartcards/view/v1');
    expect(bus.showToast).toHaveBeenCalledWith({ type: 'success', title: 'VSC issued successfully!', message: '4242' });

    fireEvent.change(f.querySelector('input[type="password"]')!, { target: { value: '24681357' } });
    fireEvent.click(screen.getByRole('button', { name: 'Issue VSC' }));
    await waitFor(() => expect(bus.runCardStream).toHaveBeenCalledTimes(2));
    const second = (bus.runCardStream.mock.calls[1] as unknown as [string, string])[1];
    expect(second).not.toBe(stream);
    act(() => bus.readers.next({ type: 'cardOperationFailed', readerName: second, data: { status: 502, code: 'CMS_CLIENT_ERROR', message: VSC_MESSAGES.UNSUPPORTED } }));
    await waitFor(() => expect(bus.showToast).toHaveBeenCalledWith({ type: 'error', title: 'VSC could not be issued', message: VSC_MESSAGES.UNSUPPORTED }));
    expect(screen.getByTestId('vsc-status').textContent).toBe(`${VSC_MESSAGES.ISSUE_FAILED}: ${VSC_MESSAGES.UNSUPPORTED}`);
  });

  it('should refuse an unknown username before opening the stream, naming the field', async () => {
    const { api, bus } = setup();
    api.listUsers.mockResolvedValue({ totalResults: 0, results: [] });
    await screen.findAllByRole('option', { name: 'staff' });
    const f = form('Virtual smart card');
    fireEvent.change(f.querySelector('input[autocomplete="off"]')!, { target: { value: 'nobody' } });
    fireEvent.change(f.querySelector('input[type="password"]')!, { target: { value: '24681357' } });
    fireEvent.click(screen.getByRole('button', { name: 'Issue VSC' }));
    await waitFor(() => expect(bus.showToast).toHaveBeenCalledWith(expect.objectContaining({ type: 'error', title: 'VSC could not be issued' })));
    expect(bus.runCardStream).not.toHaveBeenCalled();
  });
});
