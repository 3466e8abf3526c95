import { combineReducers, configureStore, type Action } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createEpicMiddleware } from 'redux-observable';
import { ApiError } from '@tessera/api';
import { messageForErrorCode, type ErrorCode, type Fido2Credential, type Fido2SyncedCredential } from '@tessera/domain';
import type { FidoEpicDependencies } from '../epic';
import { fidoEpic, fidoSlices } from '../state';
import type { PasskeysState } from '../passkeys/passkeys.slice';
import type { SyncedState } from '../synced/synced.slice';

/** A fake api client: every call is a jest mock the test sets up (MFA status answers "off"). */
export function fakeApi() {
  const mfaOff = () => Promise.resolve({ isEnabled: false, isSecretSet: false, isRequired: false });
  return {
    prepareFido2Registration: jest.fn(),
    finishFido2Registration: jest.fn(),
    listFido2RegisteredCredentials: jest.fn(),
    renameFido2RegisteredCredential: jest.fn(),
    deleteFido2RegisteredCredential: jest.fn(),
    getFido2SyncedCredential: jest.fn(),
    markFido2SyncedCredentialForDeletion: jest.fn(),
    renameFido2SyncedCredential: jest.fn(),
    deleteFido2SyncedCredential: jest.fn(),
    mfaStatus: jest.fn(mfaOff),
    userMfaStatus: jest.fn(mfaOff),
    mfaEnrol: jest.fn(),
    mfaConfirm: jest.fn(),
    mfaDisable: jest.fn(),
    mfaRecoveryCodes: jest.fn(),
    resetUserMfa: jest.fn(),
    setTenantMfaPolicy: jest.fn(),
  } satisfies Record<keyof FidoEpicDependencies['api'], jest.Mock>;
}

/** The {@link ApiError} the client rejects with for `status` (the server's message, else the code's text). */
export function apiError(code: ErrorCode, status: number, message = messageForErrorCode(code)): ApiError {
  return new ApiError(code, message, { status });
}

/** A registered passkey for tests. */
export function testPasskey(over: Partial<Fido2Credential> = {}): Fido2Credential {
  return { id: 'c1', customName: 'Work laptop', createdAt: '2026-11-23T00:00:00Z', lastUsedAt: null, backedUp: false, deviceType: 'singleDevice', ...over };
}

/** A synced FIDO credential for tests. */
export function testSynced(over: Partial<Fido2SyncedCredential> = {}): Fido2SyncedCredential {
  return {
    credentialId: 's1',
    customName: 'Phone',
    markedForDeletion: false,
    userId: 'u1',
    username: 'ann',
    createdAt: '2026-11-23T00:00:00Z',
    lastUsedAt: null,
    ...over,
  };
}

/** jsdom has no matchMedia; Primer's Spinner (a loading Button) asks it. */
export function installMatchMedia(): void {
  window.matchMedia ??= ((query: string) =>
    ({ matches: false, media: query, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false }) as MediaQueryList);
}

/**
 * A real store holding only the fido slices and epics over the fakes (CONVENTIONS: "tests build a real
 * store holding only that slice"), with typed views of its passkey and synced state.
 */
export function createFidoStore({ api = fakeApi(), bus = { showToast: jest.fn() }, startRegistration = jest.fn() } = {}) {
  const epicMiddleware = createEpicMiddleware<Action, Action, unknown, FidoEpicDependencies>({
    dependencies: { api: api as unknown as FidoEpicDependencies['api'], bus, now: () => Date.now(), startRegistration },
  });
  const reducer = combineReducers(Object.fromEntries(fidoSlices.map((slice) => [slice.name, slice.reducer])));
  const store = configureStore({ reducer, middleware: (getDefault) => getDefault().concat(epicMiddleware) });
  epicMiddleware.run(fidoEpic);
  const state = () => store.getState() as unknown as { fidoPasskeys: PasskeysState; fidoSynced: SyncedState };
  return { store, api, bus, startRegistration, passkeys: () => state().fidoPasskeys, synced: () => state().fidoSynced };
}

/** Renders `ui` with {@link createFidoStore}. */
export function renderWithStore(ui: ReactElement, options: Parameters<typeof createFidoStore>[0] = {}) {
  const fido = createFidoStore(options);
  const result = render(<Provider store={fido.store}>{ui}</Provider>);
  return { ...result, ...fido };
}
