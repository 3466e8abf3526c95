import { combineReducers, configureStore, type Action } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createEpicMiddleware } from 'redux-observable';
import { Subject } from 'rxjs';
import type { ReaderEvent } from '@tessera/bus';
import type { TemporaryPass } from '@tessera/domain';
import type { SmartcardsEpicDependencies } from '../epic';
import { smartcardsEpic, smartcardsSlices } from '../state';
import { readersSlice } from '../readers/readers.slice';

/** A fake api client: every call is a jest mock the test sets up. */
export function fakeApi() {
  return {
    listTemporaryPasses: jest.fn().mockResolvedValue({ issued: [], available: [], unavailable: [], timeZone: 'UTC' }),
    temporaryPassAccounts: jest.fn().mockResolvedValue([]),
    temporaryPassesOfUser: jest.fn().mockResolvedValue([]),
    temporaryPassAvailability: jest.fn(),
    assignPositivePass: jest.fn(),
    assignGuestPass: jest.fn(),
    returnTemporaryPass: jest.fn(),
    misplacedTemporaryPass: jest.fn(),
    temporaryPassActivation: jest.fn(),
    batchPrintTemporaryPasses: jest.fn(),
    smartcardRequest: jest.fn(),
    listSmartcardRequests: jest.fn().mockResolvedValue({ totalResults: 0, results: [] }),
    closeSmartcardRequest: jest.fn(),
    listCardTemplates: jest.fn().mockResolvedValue({ cardTemplates: [] }),
    listUsers: jest.fn().mockResolvedValue({ totalResults: 0, results: [] }),
    issueCard: jest.fn(),
    changeCardPin: jest.fn(),
    unblockCard: jest.fn(),
    cleanCard: jest.fn(),
    listSmartcards: jest.fn().mockResolvedValue({ smartcards: [], total: 0, page: 1, pageSize: 20 }),
    getSmartcard: jest.fn(),
    revokeCard: jest.fn(),
    unregisterCard: jest.fn(),
    assignCard: jest.fn(),
    unassignCard: jest.fn(),
    listApplets: jest.fn().mockResolvedValue({ applets: [], total: 0, page: 1, pageSize: 10 }),
    addApplet: jest.fn(),
    updateApplet: jest.fn(),
    deleteApplet: jest.fn(),
    suspendCard: jest.fn(),
    resumeCard: jest.fn(),
    reissueCard: jest.fn(),
    updateSmartcard: jest.fn(),
    updateSmartcardExpiry: jest.fn(),
    batchPrintStatus: jest.fn(),
    listBatches: jest.fn().mockResolvedValue({ batches: [], total: 0, page: 1, pageSize: 10 }),
    changePassphrase: jest.fn(),
    resetPinPassphrase: jest.fn(),
    temporaryCardConfiguration: jest.fn().mockResolvedValue({ defaultDuration: 0, unlimitedIsDefault: true }),
    temporaryCardCandidates: jest.fn().mockResolvedValue({ smartcards: [] }),
    issueTemporaryCard: jest.fn(),
    issueVsc: jest.fn(),
    temporarilyReplacedBy: jest.fn().mockResolvedValue({ smartcards: [] }),
    temporarilyReplaces: jest.fn().mockResolvedValue({ smartcards: [] }),
    listCloudHsmConfigs: jest.fn().mockResolvedValue({ configs: [] }),
    addCloudHsmConfig: jest.fn(),
    deleteCloudHsmConfig: jest.fn(),
    authenticateHsm: jest.fn(),
    listSuspendedCards: jest.fn().mockResolvedValue({ cards: [], total: 0, page: 1, pageSize: 10 }),
    cardDetails: jest.fn(),
    readCertStore: jest.fn(),
    getCardReport: jest.fn().mockResolvedValue({ total: 0, byStatus: [], byTemplate: [], issuedPerWeek: [], expiringCounts: [], expiring: [], generatedAt: '2026-11-28T00:00:00.000Z' }),
    listStock: jest.fn().mockResolvedValue({ items: [], total: 0, page: 1, pageSize: 10 }),
    stockCounts: jest.fn().mockResolvedValue({ counts: [], requireStock: false, requireStockMessage: '' }),
    receiveStock: jest.fn(),
    scanInStock: jest.fn(),
    moveStock: jest.fn(),
    stockNextSerial: jest.fn(),
  } satisfies Record<keyof SmartcardsEpicDependencies['api'], jest.Mock>;
}

/** A pass for tests. */
export function testPass(over: Partial<TemporaryPass> = {}): TemporaryPass {
  return {
    passNumber: '00042',
    cardType: 'guest',
    status: 'ISSUED',
    userID: null,
    username: null,
    givenName: 'Gina',
    lastName: 'Guest',
    validDate: '2026-11-23T00:00:00.000Z',
    expirationDate: '2026-11-23T23:59:59.000Z',
    reason: null,
    updatedAt: '2026-11-23T10:00:00.000Z',
    ...over,
  };
}

/** jsdom has no matchMedia; Primer's Spinner asks it. */
export function installMatchMedia(): void {
  window.matchMedia ??= ((query: string) =>
    ({ matches: false, media: query, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false }) as MediaQueryList);
}

/** A fake bus: toasts and card streams are jest mocks; `readers$` is a subject the test feeds. */
export function fakeBus() {
  const readers = new Subject<ReaderEvent>();
  return { showToast: jest.fn(), readers$: readers.asObservable(), readers, runCardStream: jest.fn(() => () => undefined) };
}

/** Renders `ui` with a real store holding the smartcards slices (and the readers panel's state) and epics over the fakes. */
export function renderWithStore(ui: ReactElement, { api = fakeApi(), bus = fakeBus() } = {}) {
  const epicMiddleware = createEpicMiddleware<Action, Action, unknown, SmartcardsEpicDependencies>({
    dependencies: { api: api as unknown as SmartcardsEpicDependencies['api'], bus, now: () => Date.now() },
  });
  // The readers slice (state only: its agent epics are the readers feature's) for the screens that list the live readers.
  const reducer = combineReducers(Object.fromEntries([...smartcardsSlices, readersSlice].map((slice) => [slice.name, slice.reducer])));
  const store = configureStore({ reducer, middleware: (getDefault) => getDefault().concat(epicMiddleware) });
  epicMiddleware.run(smartcardsEpic);
  const result = render(<Provider store={store}>{ui}</Provider>);
  return { ...result, store, api, bus };
}
