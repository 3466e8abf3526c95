import { combineReducers, configureStore, type Action } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createEpicMiddleware } from 'redux-observable';
import type { CertificatesEpicDependencies } from '../epic';
import { certificatesEpic, certificatesSlices } from '../state';

/** A fake api client: every call is a jest mock the test sets up. */
export function fakeApi() {
  return {
    decodePem: jest.fn(),
  } satisfies Record<keyof CertificatesEpicDependencies['api'], jest.Mock>;
}

/** A fake bus: toasts recorded. */
export function fakeBus() {
  return { showToast: jest.fn() };
}

/** An ApiError-like rejection. */
export function apiError(code: string, message: string, extra: Record<string, unknown> = {}) {
  return Object.assign(new Error(message), { code, status: 400, ...extra });
}

/** jsdom has no matchMedia; Primer asks it. */
export function installMatchMedia(): void {
  window.matchMedia ??= ((query: string) =>
    ({ matches: false, media: query, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false }) as MediaQueryList);
}

/** Renders `ui` with a real store holding only the certificates slices and epics over the fakes. */
export function renderWithStore(ui: ReactElement, { api = fakeApi(), bus = fakeBus() } = {}) {
  const epicMiddleware = createEpicMiddleware<Action, Action, unknown, CertificatesEpicDependencies>({
    dependencies: { api: api as unknown as CertificatesEpicDependencies['api'], bus },
  });
  const reducer = combineReducers(Object.fromEntries(certificatesSlices.map((slice) => [slice.name, slice.reducer])));
  const store = configureStore({ reducer, middleware: (getDefault) => getDefault().concat(epicMiddleware) });
  epicMiddleware.run(certificatesEpic);
  const result = render(<Provider store={store}>{ui}</Provider>);
  return { ...result, store, api, bus };
}
