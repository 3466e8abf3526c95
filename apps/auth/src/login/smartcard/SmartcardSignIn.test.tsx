/** @jest-environment jsdom */
import { webcrypto } from 'node:crypto';
import { TextEncoder as NodeTextEncoder } from 'node:util';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { navigateToUrl } from 'single-spa';
import { MESSAGES } from '@tessera/domain';
import { apiError, installMatchMedia, signedInResponse } from '../../testing/fixtures';
import { fakeApi, renderWithStore } from '../../testing/renderWithStore';
import { SmartcardSignIn } from './SmartcardSignIn';
import { agentUrl } from './smartcardSignIn.epics';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

const AGENT = 'http://127.0.0.1:9911';
const SALT = 'ab'.repeat(32);
const READERS = { readers: [{ name: 'Reader 0', smartcard: null }, { name: 'Reader 1', smartcard: { serialNumber: '4242', cardType: 'PIV' } }] };

/** The local agent: /version, /readers and /connect answered as the agent does. */
function fakeAgent(readers: unknown = READERS) {
  const calls: string[] = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push(`${init?.method ?? 'GET'} ${url}`);
    // jsdom has no Response: the little the agent client reads of one.
    const json = (body: unknown) => ({ ok: true, status: 200, json: async () => body }) as unknown as Response;
    if (url === `${AGENT}/readers`) return json(readers);
    if (url === `${AGENT}/version`) return json({ version: '2.0.0' });
    if (url === `${AGENT}/connect`) return json({ connected: true });
    return { ok: false, status: 404, json: async () => ({}) } as unknown as Response;
  }) as typeof fetch;
  return calls;
}

function setup(readers?: unknown) {
  localStorage.setItem('tessera.userSettings', JSON.stringify({ agentUrl: AGENT }));
  const calls = fakeAgent(readers);
  const api = fakeApi();
  api.anonymousSession.mockResolvedValue({});
  api.cmsClientGrpcConfig.mockResolvedValue({ AgentAddress: '127.0.0.1', AgentPort: 1 });
  api.cmsClientSessionToken.mockResolvedValue({ SessionCookie: 'tok' });
  return { ...renderWithStore(<SmartcardSignIn />, { api }), calls, user: userEvent.setup() };
}

describe('SmartcardSignIn', () => {
  beforeAll(() => {
    installMatchMedia();
    // jsdom has no WebCrypto: the answers are hashed with Node's (the same PBKDF2 the browser runs).
    if (!globalThis.crypto?.subtle) Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
    globalThis.TextEncoder ??= NodeTextEncoder as typeof TextEncoder;
  });
  beforeEach(() => jest.mocked(navigateToUrl).mockClear());

  it('should read the agent address from the user settings, else the default', () => {
    const storage = (text: string | null) => ({ getItem: () => text });
    expect(agentUrl(storage(JSON.stringify({ agentUrl: 'http://127.0.0.1:9911' })))).toBe('http://127.0.0.1:9911');
    expect(agentUrl(storage('not json'))).toBe('http://127.0.0.1:8802');
    expect(agentUrl(storage(null))).toBe('http://127.0.0.1:8802');
  });

  it('should offer nothing when no reader of the agent holds a card, and start no session', async () => {
    const { calls, api } = setup({ readers: [{ name: 'Reader 0', smartcard: null }] });
    await waitFor(() => expect(calls).toContain(`GET ${AGENT}/readers`));
    expect(screen.queryByRole('button', { name: MESSAGES.SMARTCARD_SIGN_IN })).toBeNull();
    expect(api.anonymousSession).not.toHaveBeenCalled();
  });

  it("should offer the card, link the agent to an anonymous session, show 'Incorrect PIN.' on 403, then sign in", async () => {
    const { api, bus, calls, user } = setup();
    await user.click(await screen.findByRole('button', { name: MESSAGES.SMARTCARD_SIGN_IN }));
    const form = await screen.findByRole('form', { name: 'Sign in with a smartcard' });
    expect(form.textContent).toContain('Card 4242 in Reader 1');
    expect(api.anonymousSession).toHaveBeenCalledTimes(1);
    expect(calls).toContain(`POST ${AGENT}/connect`);

    api.authSmartcardPin.mockRejectedValueOnce(apiError('FORBIDDEN', 'You do not have permission to do this.', { status: 403 }));
    await user.type(screen.getByLabelText('Card PIN'), '11112222');
    await user.click(screen.getByRole('button', { name: 'Sign in with the card' }));
    expect(await screen.findByText(MESSAGES.INCORRECT_PIN)).toBeTruthy();
    expect(api.authSmartcardPin).toHaveBeenCalledWith({ card_id: { serial: '4242', readerName: 'Reader 1' }, pin: '11112222' });

    api.authSmartcardPin.mockResolvedValueOnce(signedInResponse());
    await user.clear(screen.getByLabelText('Card PIN'));
    await user.type(screen.getByLabelText('Card PIN'), '24681357');
    await user.click(screen.getByRole('button', { name: 'Sign in with the card' }));
    await waitFor(() => expect(bus.signedIn).toHaveBeenCalled());
    expect(navigateToUrl).toHaveBeenCalledWith('/home');
  });

  it('should sign in with the passphrase call when the passphrase box is ticked', async () => {
    const { api, user } = setup();
    await user.click(await screen.findByRole('button', { name: MESSAGES.SMARTCARD_SIGN_IN }));
    await screen.findByRole('form', { name: 'Sign in with a smartcard' });
    api.authSmartcardPassphrase.mockResolvedValueOnce(signedInResponse());
    await user.click(screen.getByLabelText('Use the card passphrase'));
    await user.type(screen.getByLabelText('Card passphrase'), 'open5ame');
    await user.click(screen.getByRole('button', { name: 'Sign in with the card' }));
    await waitFor(() => expect(api.authSmartcardPassphrase).toHaveBeenCalledWith({ card_id: { serial: '4242', readerName: 'Reader 1' }, passphrase: 'open5ame' }));
    expect(api.authSmartcardPin).not.toHaveBeenCalled();
  });

  it("should reset a forgotten PIN with the hashed answers of the card's user, refusing a PIN that breaks the rule first", async () => {
    const { api, user } = setup();
    await user.click(await screen.findByRole('button', { name: MESSAGES.SMARTCARD_SIGN_IN }));
    await screen.findByRole('form', { name: 'Sign in with a smartcard' });
    api.cardSecretQuestions.mockResolvedValue({ secretQuestions: ['Q one?', 'Q two?', 'Q three?'], clientSalt: SALT, version: 2 });
    await user.click(screen.getByRole('button', { name: 'Forgot your PIN?' }));
    expect(api.cardSecretQuestions).toHaveBeenCalledWith('4242');
    await user.type(await screen.findByLabelText('Q one?'), 'a');
    await user.type(screen.getByLabelText('Q two?'), 'b');
    await user.type(screen.getByLabelText('Q three?'), 'c');
    await user.type(screen.getByLabelText('New PIN'), '12ab');
    await user.click(screen.getByRole('button', { name: 'Reset PIN' }));
    expect(await screen.findByText(MESSAGES.PIN_LENGTH)).toBeTruthy();
    expect(api.resetPinQA).not.toHaveBeenCalled();

    api.resetPinQA.mockResolvedValue(undefined);
    await user.clear(screen.getByLabelText('New PIN'));
    await user.type(screen.getByLabelText('New PIN'), '86427531');
    await user.click(screen.getByRole('button', { name: 'Reset PIN' }));
    expect(await screen.findByText(MESSAGES.PIN_RESET_DONE)).toBeTruthy();
    const request = api.resetPinQA.mock.calls[0][0];
    expect(request).toMatchObject({ card_id: { serial: '4242', readerName: 'Reader 1' }, new_pin: '86427531', secret_answers: { client_salt: SALT } });
    // Hashed in the browser: never the answers themselves.
    expect(request.secret_answers.answers).toHaveLength(3);
    expect(request.secret_answers.answers).not.toContain('a');
  });
});
