/** @jest-environment jsdom */
import { webcrypto, pbkdf2Sync } from 'node:crypto';
import { TextEncoder } from 'node:util';
import { combineReducers, configureStore, type Action } from '@reduxjs/toolkit';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createEpicMiddleware } from 'redux-observable';
import { MESSAGES, PBKDF2_ITERATIONS, type CardReader } from '@tessera/domain';
import { anonymousPortalEpic, anonymousPortalSlice } from '../state';
import type { AnonymousPortalDependencies } from '../anonymousPortal.epics';
import { AnonymousPortalPage } from '../AnonymousPortalPage';
import { ManageSmartcardPage } from './ManageSmartcardPage';

type Api = AnonymousPortalDependencies['api'];
const SALT = 'ab'.repeat(32);
const READERS: CardReader[] = [
  { name: 'Reader A', cardPresent: false, smartcard: null, printer: null, status: 'EMPTY', processing: false },
  { name: 'Reader B', cardPresent: true, smartcard: { serialNumber: '4242', atr: '3B', cardType: 'PIV' }, printer: null, status: 'PRESENT', processing: false },
];

function setup(page: 'index' | 'manage', api: Partial<Api>, options: { signedIn?: boolean; connectAgent?: () => Promise<'CMS-v2'> } = {}) {
  const full = { anonymousSession: jest.fn().mockResolvedValue({}), anonymousListReaders: jest.fn().mockResolvedValue({ readers: READERS }), ...api } as unknown as Api;
  const connectAgent = options.connectAgent ?? jest.fn().mockResolvedValue('CMS-v2');
  const bus = { showToast: jest.fn() };
  const epicMiddleware = createEpicMiddleware<Action, Action, unknown, AnonymousPortalDependencies>({ dependencies: { api: full, bus, connectAgent, isSignedIn: () => options.signedIn ?? false } });
  const store = configureStore({ reducer: combineReducers({ [anonymousPortalSlice.name]: anonymousPortalSlice.reducer }), middleware: (d) => d().concat(epicMiddleware) });
  epicMiddleware.run(anonymousPortalEpic);
  render(<Provider store={store}>{page === 'index' ? <AnonymousPortalPage /> : <ManageSmartcardPage reader="Reader B" />}</Provider>);
  return { api: full, connectAgent, bus, user: userEvent.setup() };
}

const expected = (answer: string) => pbkdf2Sync(answer.toLowerCase(), Buffer.from(SALT, 'hex'), PBKDF2_ITERATIONS, 16, 'sha256').toString('hex');

describe('anonymous portal', () => {
  beforeAll(() => {
    window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {} }) as unknown as MediaQueryList);
    if (!globalThis.crypto?.subtle) Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
    globalThis.TextEncoder ??= TextEncoder as unknown as typeof globalThis.TextEncoder;
  });

  it('should start an anonymous session, link the agent, and list its readers with a reset link for a card', async () => {
    const { api, connectAgent } = setup('index', {});
    const table = await screen.findByRole('table', { name: 'Card readers' });
    expect(within(table).getByRole('row', { name: 'Reader A' }).textContent).toContain('No card');
    const b = within(table).getByRole('row', { name: 'Reader B' });
    expect(b.textContent).toContain('PIV 4242');
    expect(within(b).getByRole('link', { name: 'Reset PIN' }).getAttribute('href')).toBe('/anonymousportal/manageSmartcard?reader=Reader+B');
    expect(api.anonymousSession).toHaveBeenCalledTimes(1);
    expect(connectAgent).toHaveBeenCalledTimes(1);
    expect(api.anonymousListReaders).toHaveBeenCalledWith('CMS-v2');
  });

  it("should keep a signed-in session, and show the agent's failure", async () => {
    const { api } = setup('index', {}, { signedIn: true, connectAgent: () => Promise.reject(Object.assign(new Error('x'), { title: MESSAGES.CMS_CLIENT_UNREACHABLE, detail: MESSAGES.CMS_CLIENT_HINT })) });
    expect((await screen.findByRole('alert')).textContent).toBe(`${MESSAGES.CMS_CLIENT_UNREACHABLE}: ${MESSAGES.CMS_CLIENT_HINT}`);
    expect(api.anonymousSession).not.toHaveBeenCalled();
  });

  it("should say when the card's user has no secret questions", async () => {
    const { user } = setup('manage', { cardSecretQuestions: jest.fn().mockRejectedValue({ code: 'NOT_FOUND', message: 'The card was not found' }) });
    await user.click(await screen.findByRole('button', { name: 'Show my secret questions' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.SECRET_QUESTIONS_NOT_SET);
  });

  it("should send only PBKDF2 hashes of the lowercased answers with the new PIN, show the server's refusal, then the reset", async () => {
    const cardSecretQuestions = jest.fn().mockResolvedValue({ secretQuestions: ['Q one?', 'Q two?'], clientSalt: SALT, version: 2 });
    const resetPinQA = jest.fn().mockRejectedValueOnce({ code: 'FORBIDDEN', message: 'The answers do not match.' }).mockResolvedValueOnce(undefined);
    const { user, bus } = setup('manage', { cardSecretQuestions, resetPinQA });
    await user.click(await screen.findByRole('button', { name: 'Show my secret questions' }));
    expect(cardSecretQuestions).toHaveBeenCalledWith('4242');
    const form = await screen.findByRole('form', { name: 'Reset the card PIN' });
    await user.type(within(form).getByLabelText('Q one?'), 'Elm Street');
    await user.type(within(form).getByLabelText('Q two?'), 'Rome');
    await user.type(within(form).getByLabelText('New PIN'), '13572468');
    await user.type(within(form).getByLabelText('Confirm new PIN'), '13572460');
    await user.click(within(form).getByRole('button', { name: 'Reset PIN' }));
    expect(await within(form).findByText('The PINs do not match')).toBeTruthy();
    expect(resetPinQA).not.toHaveBeenCalled();
    await user.clear(within(form).getByLabelText('Confirm new PIN'));
    await user.type(within(form).getByLabelText('Confirm new PIN'), '13572468');
    await user.click(within(form).getByRole('button', { name: 'Reset PIN' }));
    expect(await within(form).findByText(`${MESSAGES.PIN_RESET_FAILED}: The answers do not match.`)).toBeTruthy();
    expect(resetPinQA).toHaveBeenCalledWith({ card_id: { serial: '4242', readerName: 'Reader B' }, new_pin: '13572468', secret_answers: { client_salt: SALT, answers: [expected('Elm Street'), expected('Rome')] } });
    expect(JSON.stringify(resetPinQA.mock.calls)).not.toContain('Elm');
    await user.click(within(form).getByRole('button', { name: 'Reset PIN' }));
    expect((await screen.findByRole('status')).textContent).toBe(MESSAGES.PIN_RESET_DONE);
    await waitFor(() => expect(bus.showToast).toHaveBeenCalledWith(expect.objectContaining({ type: 'success', title: MESSAGES.PIN_RESET_DONE })));
  });
});
