import { combineReducers, configureStore, type Action } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createEpicMiddleware } from 'redux-observable';
import { Subject } from 'rxjs';
import { signedIn } from '@tessera/bus';
import type { TicketMessageNotice } from '@tessera/bus';
import { normalisePermissionObject, type Ticket, type Viewer } from '@tessera/domain';
import type { TicketsEpicDependencies } from '../epic';
import { ticketsEpic, ticketsSlices } from '../state';

/** A fake api client: every call is a jest mock the test sets up. */
export function fakeApi() {
  return {
    getTicket: jest.fn(),
    createTicket: jest.fn(),
    updateTicket: jest.fn(),
    bulkUpdateTickets: jest.fn(),
    assignTicketToUser: jest.fn(),
    searchTicketMessages: jest.fn().mockResolvedValue({ ticketMessages: [] }),
    createTicketMessage: jest.fn(),
    updateTicketMessage: jest.fn(),
    deleteTicketMessage: jest.fn(),
    searchSupportTickets: jest.fn().mockResolvedValue({ totalResults: 0, results: [] }),
    supportTicketMetrics: jest.fn(),
    listUsers: jest.fn().mockResolvedValue({ totalResults: 0, results: [] }),
    ticketNotifications: jest.fn().mockResolvedValue({ now: '', messages: [] }),
  } satisfies Record<keyof TicketsEpicDependencies['api'], jest.Mock>;
}

/** A fake bus: toasts recorded, ticket messages driven by the test. */
export function fakeBus() {
  return { showToast: jest.fn(), ticketMessages$: new Subject<TicketMessageNotice>(), connectTicketNotifications: jest.fn(() => () => undefined) };
}

/** Signs a viewer in on the real bus (the pages read the viewer from `session$`). */
export function signInViewer(permissions: string[], id = 'u1'): Viewer {
  const viewer: Viewer = {
    id,
    username: id === 'u1' ? 'admin' : 'carol',
    names: { givenName: 'A', familyName: 'B', displayName: 'A B' },
    emailAddress: 'a@b',
    telephoneNumber: null,
    organisation: null,
    roles: [],
    allRoles: [],
    allOrgs: [],
    allSponsors: [],
    permission: normalisePermissionObject({ View: permissions }),
    tenant: { id: 't1', name: 'Acme', bannerColour: null, toastrTimeout: null, supportEmail: 'help@acme.example' },
  };
  signedIn(viewer, { remainingSeconds: 900, expiresAt: '2030-01-01T00:15:00.000Z', absoluteExpiresAt: '2030-01-01T08:00:00.000Z' });
  return viewer;
}

/** A ticket for tests. */
export function testTicket(over: Partial<Ticket> = {}): Ticket {
  return {
    ticketId: 't-1',
    title: 'Reader fails',
    category: 'Bug',
    description: 'Blinks red',
    ticketStatus: 'TICKET_STATUS_OPEN',
    createdAt: '2026-11-23T10:00:00.000Z',
    updatedAt: '2026-11-23T10:00:00.000Z',
    assignedTo: '',
    assignedToUsername: '',
    priority: 'Medium',
    createdBy: 'u2',
    userId: 'u2',
    tenantId: 'ten',
    username: 'carol',
    ...over,
  };
}

/** An ApiError-like rejection. */
export function apiError(code: string, message: string, extra: Record<string, unknown> = {}) {
  return Object.assign(new Error(message), { code, status: 400, ...extra });
}

/** jsdom has no matchMedia; Primer's Spinner asks it. */
export function installMatchMedia(): void {
  window.matchMedia ??= ((query: string) =>
    ({ matches: false, media: query, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false }) as MediaQueryList);
}

/** Renders `ui` with a real store holding only the tickets slices and epics over the fakes. */
export function renderWithStore(ui: ReactElement, { api = fakeApi(), bus = fakeBus() } = {}) {
  const epicMiddleware = createEpicMiddleware<Action, Action, unknown, TicketsEpicDependencies>({
    dependencies: { api: api as unknown as TicketsEpicDependencies['api'], bus, now: () => Date.now() },
  });
  const reducer = combineReducers(Object.fromEntries(ticketsSlices.map((slice) => [slice.name, slice.reducer])));
  const store = configureStore({ reducer, middleware: (getDefault) => getDefault().concat(epicMiddleware) });
  epicMiddleware.run(ticketsEpic);
  const result = render(<Provider store={store}>{ui}</Provider>);
  return { ...result, store, api, bus };
}
