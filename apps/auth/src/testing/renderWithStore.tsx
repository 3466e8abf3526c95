import { combineReducers, configureStore, type Action } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createEpicMiddleware } from 'redux-observable';
import { BehaviorSubject } from 'rxjs';
import type { SessionState } from '@tessera/bus';
import type { AuthEpicDependencies } from '../epic';
import { authEpic, authSlices } from '../state';

/** A fake api client: every call is a jest mock the test sets up. */
export function fakeApi() {
  return {
    login: jest.fn(),
    bootstrapStatus: jest.fn(),
    bootstrap: jest.fn(),
    news: jest.fn(),
    version: jest.fn(),
    totpAuth: jest.fn(),
    forgotPassword: jest.fn(),
    validateResetToken: jest.fn(),
    resetPassword: jest.fn(),
    prepareFido2Authentication: jest.fn(),
    finishFido2Authentication: jest.fn(),
    passwordConfig: jest.fn(() => Promise.resolve({ minLength: 10, minScore: 3 })),
    registrationConfig: jest.fn(),
    verifyRegistrationEmail: jest.fn(),
    validateEmailLink: jest.fn(),
    finishRegistration: jest.fn(),
    activateAccount: jest.fn(),
    anonymousSession: jest.fn(),
    cmsClientGrpcConfig: jest.fn(),
    cmsClientSessionToken: jest.fn(),
    pingClient: jest.fn(),
    authSmartcardPin: jest.fn(),
    authSmartcardPassphrase: jest.fn(),
    cardSecretQuestions: jest.fn(),
    resetPinQA: jest.fn(),
  } satisfies Record<keyof AuthEpicDependencies['api'], jest.Mock>;
}

/** A fake bus holding a session$ the test can drive. */
export function fakeBus(initial: SessionState = { status: 'signedOut' }) {
  const session$ = new BehaviorSubject<SessionState>(initial);
  return {
    session$,
    signedIn: jest.fn((viewer, session) => session$.next({ status: 'signedIn', viewer, session })),
  };
}

/**
 * Renders `ui` with a real store holding only the auth slices and epics, whose dependencies are
 * the fakes given (CONVENTIONS: "tests build a real store holding only that slice").
 */
export function renderWithStore(ui: ReactElement, { api = fakeApi(), bus = fakeBus(), passkeys }: { api?: ReturnType<typeof fakeApi>; bus?: ReturnType<typeof fakeBus>; passkeys?: AuthEpicDependencies['passkeys'] } = {}) {
  const epicMiddleware = createEpicMiddleware<Action, Action, unknown, AuthEpicDependencies>({
    dependencies: { api: api as unknown as AuthEpicDependencies['api'], bus, now: () => Date.now(), ...(passkeys ? { passkeys } : {}) },
  });
  const reducer = combineReducers(Object.fromEntries(authSlices.map((slice) => [slice.name, slice.reducer])));
  const store = configureStore({ reducer, middleware: (getDefault) => getDefault().concat(epicMiddleware) });
  epicMiddleware.run(authEpic);
  const result = render(<Provider store={store}>{ui}</Provider>);
  return { ...result, store, api, bus };
}
