/** @jest-environment jsdom */
import { webcrypto, pbkdf2Sync } from 'node:crypto';
import { TextEncoder } from 'node:util';
import { combineReducers, configureStore, type Action } from '@reduxjs/toolkit';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createEpicMiddleware } from 'redux-observable';
import { SECURITY_QUESTIONS, WRITE_YOUR_OWN_QUESTION } from '@tessera/domain';
import type { SelfEpicDependencies } from '../../epic';
import { selfEpic, selfSlices } from '../../state';
import { ResetQuestionsPage } from './ResetQuestionsPage';

type Api = SelfEpicDependencies['api'];

function setup(api: Partial<Api>, linkString: string | null = null) {
  const bus = { showToast: jest.fn() };
  const full = { changePassword: jest.fn(), passwordConfig: async () => ({ minLength: 10, minScore: 3 }), getSecretQuestions: async () => ({ isSet: false, version: null, clientSalt: null, questions: [] }), ...api } as unknown as Api;
  const epicMiddleware = createEpicMiddleware<Action, Action, unknown, SelfEpicDependencies>({ dependencies: { api: full, bus, now: Date.now, connectAgent: jest.fn() } });
  const store = configureStore({ reducer: combineReducers(Object.fromEntries(selfSlices.map((s) => [s.name, s.reducer]))), middleware: (d) => d().concat(epicMiddleware) });
  epicMiddleware.run(selfEpic);
  render(
    <Provider store={store}>
      <ResetQuestionsPage linkString={linkString} />
    </Provider>,
  );
  return { bus, user: userEvent.setup() };
}

describe('ResetQuestionsPage', () => {
  beforeAll(() => {
    window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {} }) as unknown as MediaQueryList);
    // jsdom has neither SubtleCrypto nor TextEncoder: give it Node's, as a browser has its own.
    if (!globalThis.crypto?.subtle) Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
    globalThis.TextEncoder ??= TextEncoder as unknown as typeof globalThis.TextEncoder;
  });

  it('should refuse a repeated question and a short answer in the form, sending nothing', async () => {
    const firstTimeSecretQuestionsSet = jest.fn();
    const { user } = setup({ firstTimeSecretQuestionsSet });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Question 2' }), SECURITY_QUESTIONS[0]!);
    await user.type(screen.getByLabelText('Answer 1'), 'Elm');
    await user.type(screen.getByLabelText('Answer 2'), 'x');
    await user.type(screen.getByLabelText('Answer 3'), 'Matilda');
    await user.click(screen.getByRole('button', { name: 'Save secret questions' }));
    expect(await screen.findByText('Choose a different question for each answer.')).toBeTruthy();
    expect(screen.getByLabelText('Answer 2').getAttribute('aria-invalid')).toBe('true');
    expect(firstTimeSecretQuestionsSet).not.toHaveBeenCalled();
  });

  it('should send only PBKDF2 hashes of the lowercased answers, with the written question, then show the set', async () => {
    const firstTimeSecretQuestionsSet = jest.fn().mockResolvedValue({});
    const { user, bus } = setup({ firstTimeSecretQuestionsSet });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Question 3' }), WRITE_YOUR_OWN_QUESTION);
    await user.type(screen.getByLabelText('Your question 3'), 'Favourite opera?');
    await user.type(screen.getByLabelText('Answer 1'), 'Elm Street');
    await user.type(screen.getByLabelText('Answer 2'), 'Rome');
    await user.type(screen.getByLabelText('Answer 3'), 'Aida');
    await user.click(screen.getByRole('button', { name: 'Save secret questions' }));
    await waitFor(() => expect(firstTimeSecretQuestionsSet).toHaveBeenCalledTimes(1));
    const set = firstTimeSecretQuestionsSet.mock.calls[0][0];
    expect(set.client_salt).toMatch(/^[0-9a-f]{64}$/);
    expect(set.questions.map((q: { question: string }) => q.question)).toEqual([SECURITY_QUESTIONS[0], SECURITY_QUESTIONS[1], 'Favourite opera?']);
    const expected = pbkdf2Sync('elm street', Buffer.from(set.client_salt, 'hex'), 100, 16, 'sha256').toString('hex');
    expect(set.questions[0]).toEqual({ question: SECURITY_QUESTIONS[0], answer_hash: expected });
    expect(JSON.stringify(set)).not.toMatch(/Elm|Rome|Aida/i);
    await waitFor(() => expect(bus.showToast).toHaveBeenCalledWith({ type: 'success', title: 'Secret questions saved', message: '' }));
    expect(await screen.findByRole('list', { name: 'Your secret questions' })).toBeTruthy();
    expect(screen.getByText('Favourite opera?')).toBeTruthy();
  });

  it("should show the server's refusal on its field", async () => {
    const firstTimeSecretQuestionsSet = jest.fn().mockRejectedValue(Object.assign(new Error('Write your question: at most 200 characters, on one line.'), { code: 'VALIDATION', field: 'questions.2.question' }));
    const { user } = setup({ firstTimeSecretQuestionsSet });
    for (const [i, a] of ['Elm', 'Rome', 'Aida'].entries()) await user.type(await screen.findByLabelText(`Answer ${i + 1}`), a);
    await user.click(screen.getByRole('button', { name: 'Save secret questions' }));
    expect(await screen.findByText('Write your question: at most 200 characters, on one line.')).toBeTruthy();
  });

  it('should replace the set with a valid reset link', async () => {
    const secretQuestionsReset = jest.fn().mockResolvedValue(undefined);
    const { user } = setup({ secretQuestionsValidateLink: jest.fn().mockResolvedValue({ valid: true, username: 'lia' }), secretQuestionsReset }, 'tok-1');
    expect(await screen.findByText(/Choose new secret questions for lia\./)).toBeTruthy();
    for (const [i, a] of ['Oak', 'Paris', 'Heidi'].entries()) await user.type(screen.getByLabelText(`Answer ${i + 1}`), a);
    await user.click(screen.getByRole('button', { name: 'Save secret questions' }));
    await waitFor(() => expect(secretQuestionsReset).toHaveBeenCalledWith('tok-1', expect.objectContaining({ client_salt: expect.stringMatching(/^[0-9a-f]{64}$/) })));
  });

  it('should say when the reset link is invalid or expired', async () => {
    setup({ secretQuestionsValidateLink: jest.fn().mockRejectedValue(Object.assign(new Error('This link is invalid or has expired.'), { code: 'EMAIL_LINK_INVALID' })) }, 'old');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'This link is invalid or has expired.');
  });
});
