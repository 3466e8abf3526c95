import { combineReducers, configureStore, type Action } from '@reduxjs/toolkit';
import { createEpicMiddleware } from 'redux-observable';
import type { SelfEpicDependencies } from '../epic';
import { selfEpic, selfSlices } from '../state';
import { secretQuestionsActions, type SecretQuestionsState } from './secretQuestions.slice';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A real store holding the self slices and epics; `requestSecretQuestionsReset` is the test's. */
function setup(requestSecretQuestionsReset: jest.Mock) {
  const bus = { showToast: jest.fn() };
  const api = { requestSecretQuestionsReset } as unknown as SelfEpicDependencies['api'];
  const epicMiddleware = createEpicMiddleware<Action, Action, unknown, SelfEpicDependencies>({ dependencies: { api, bus, now: Date.now, connectAgent: jest.fn() } });
  const store = configureStore({ reducer: combineReducers(Object.fromEntries(selfSlices.map((s) => [s.name, s.reducer]))), middleware: (d) => d().concat(epicMiddleware) });
  epicMiddleware.run(selfEpic);
  const questions = () => (store.getState() as unknown as { selfSecretQuestions: SecretQuestionsState }).selfSecretQuestions;
  return { store, bus, questions };
}

describe('secretQuestionsResetLinkEpic (signin §8)', () => {
  it("should call RequestSecretQuestionsReset for the viewer and toast 'Reset link sent'", async () => {
    const request = jest.fn().mockResolvedValue(undefined);
    const { store, bus, questions } = setup(request);
    store.dispatch(secretQuestionsActions.resetLinkRequested({ userId: 'u1' }));
    expect(questions().resetLink).toBe('sending');
    await flush();
    expect(request).toHaveBeenCalledWith('u1');
    expect(bus.showToast).toHaveBeenCalledTimes(1);
    expect(bus.showToast).toHaveBeenCalledWith({ type: 'success', title: 'Reset link sent', message: '' });
    expect(questions().resetLink).toBe('sent');
  });

  it("should toast 'Failed to send reset link' with the server's message when the request fails, and not say it was sent", async () => {
    const request = jest.fn().mockRejectedValue(Object.assign(new Error('The mail server could not be reached'), { code: 'INTERNAL', status: 500 }));
    const { store, bus, questions } = setup(request);
    store.dispatch(secretQuestionsActions.resetLinkRequested({ userId: 'u1' }));
    await flush();
    expect(bus.showToast).toHaveBeenCalledTimes(1);
    expect(bus.showToast).toHaveBeenCalledWith({ type: 'error', title: 'Failed to send reset link', message: 'The mail server could not be reached' });
    expect(questions().resetLink).toBe('failed');
  });
});
