/** Test helpers of the config app: a fake api, a real store holding only the config slices and epics, and Primer's jsdom needs. */
import { combineReducers, configureStore, type Action } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createEpicMiddleware } from 'redux-observable';
import { getSessionState, signedIn } from '@tessera/bus';
import type { ConfigEpicDependencies } from '../epic';
import { configEpic, configSlices } from '../state';

/** Every call the config app makes, as a jest mock with an empty answer; a test overrides what it needs. */
export function fakeApi(overrides: Partial<Record<keyof ConfigEpicDependencies['api'], jest.Mock>> = {}) {
  return {
    tenancyConfig: jest.fn(),
    updateTenancyConfig: jest.fn(),
    listCardTemplates: jest.fn().mockResolvedValue({ cardTemplates: [] }),
    createCardTemplate: jest.fn(),
    getCardTemplate: jest.fn(),
    updateCardTemplate: jest.fn(),
    getCardLayout: jest.fn(),
    saveCardLayout: jest.fn(),
    cardLayoutCompressedUserData: jest.fn(),
    printerListPrinters: jest.fn().mockResolvedValue({ printers: [] }),
    printerInsertCard: jest.fn(),
    printerEjectCard: jest.fn(),
    printerCardPrint: jest.fn(),
    listUsers: jest.fn().mockResolvedValue({ totalResults: 0, results: [] }),
    getIntuneScepConfig: jest.fn(),
    saveIntuneScepConfig: jest.fn(),
    listCertificateTemplates: jest.fn().mockResolvedValue({ templates: [] }),
    listAcmeConfigurations: jest.fn().mockResolvedValue([]),
    setAcmeConfiguration: jest.fn(),
    createAcmeEabKey: jest.fn(),
    listAcmeOrders: jest.fn().mockResolvedValue({ totalResults: 0, results: [] }),
    listAllowedDomains: jest.fn().mockResolvedValue({ totalResults: 0, results: [] }),
    addAllowedDomain: jest.fn(),
    deleteAllowedDomain: jest.fn(),
    ...overrides,
  } satisfies Record<keyof ConfigEpicDependencies['api'], jest.Mock>;
}

/** jsdom has no matchMedia; Primer asks it. */
export function installMatchMedia(): void {
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {} }) as unknown as MediaQueryList);
}

/** Renders `ui` over a real store with the config slices and epics, the given fake api and a recording bus. */
export function renderWithStore(ui: ReactElement, api: ReturnType<typeof fakeApi> = fakeApi()) {
  const bus = { showToast: jest.fn(), getSessionState, signedIn };
  const dependencies: ConfigEpicDependencies = { api: api as unknown as ConfigEpicDependencies['api'], bus, now: Date.now };
  const epicMiddleware = createEpicMiddleware<Action, Action, unknown, ConfigEpicDependencies>({ dependencies });
  const store = configureStore({ reducer: combineReducers(Object.fromEntries(configSlices.map((s) => [s.name, s.reducer]))), middleware: (d) => d().concat(epicMiddleware) });
  epicMiddleware.run(configEpic);
  const view = render(<Provider store={store}>{ui}</Provider>);
  return { ...view, store, bus, api, user: userEvent.setup() };
}
