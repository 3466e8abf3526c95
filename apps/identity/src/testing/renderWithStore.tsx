import { combineReducers, configureStore, type Action } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createEpicMiddleware } from 'redux-observable';
import { signedIn } from '@tessera/bus';
import { normalisePermissionObject, type Organisation, type Role, type UserSummary } from '@tessera/domain';
import { IDENTITY_CALLS, type IdentityCall, type IdentityEpicDependencies } from '../epic';
import { identityEpic, identitySlices } from '../state';

/** A fake api client: every identity call is a jest mock (unset ones reject) the test sets up. */
export function fakeApi(): Record<IdentityCall, jest.Mock> {
  return Object.fromEntries(IDENTITY_CALLS.map((call) => [call, jest.fn().mockRejectedValue(new Error(`${call} not set up`))])) as Record<IdentityCall, jest.Mock>;
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

/** Renders `ui` with a real store holding only the identity slices and epics over the fakes. */
export function renderWithStore(ui: ReactElement, { api = fakeApi(), bus = fakeBus() } = {}) {
  const epicMiddleware = createEpicMiddleware<Action, Action, unknown, IdentityEpicDependencies>({
    dependencies: { api: api as unknown as IdentityEpicDependencies['api'], bus },
  });
  const reducer = combineReducers(Object.fromEntries(identitySlices.map((slice) => [slice.name, slice.reducer])));
  const store = configureStore({ reducer, middleware: (getDefault) => getDefault().concat(epicMiddleware) });
  epicMiddleware.run(identityEpic);
  const result = render(<Provider store={store}>{ui}</Provider>);
  return { ...result, store, api, bus };
}

/** A page of results. */
export function page<T>(results: T[]) {
  return { totalResults: results.length, results };
}

/** A user for tests. */
export function testUser(over: Partial<UserSummary> = {}): UserSummary {
  return {
    id: 'u-1',
    username: 'alice',
    givenName: 'Alice',
    familyName: 'Archer',
    emailAddress: 'alice@example.test',
    enabled: true,
    roleIds: ['r-1'],
    organisationId: null,
    organisationName: null,
    telephoneNumber: null,
    country: '',
    directory: { csn: null, tempCsn: null, tempCsnExpiry: null, pager: null, uid: null, distinguishedName: null, displayName: 'Alice Archer' },
    categories: { personal: {}, organisationDetails: {}, passType: {}, privileges: {}, medical: {}, vehicles: {} },
    sponsorId: null,
    sponsorStatus: null,
    hasPhoto: false,
    loginDetails: { failedLogins: 0, lastSuccessfulLogin: null },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

/** A role for tests. */
export function testRole(over: Partial<Role> = {}): Role {
  return { id: 'r-1', name: 'Operator', permissions: ['userView'], blacklist: [], isManager: false, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', ...over };
}

/** An organisation for tests. */
export function testOrganisation(over: Partial<Organisation> = {}): Organisation {
  return {
    id: 'o-1',
    name: 'Acme',
    type: 'company',
    parentId: null,
    parentName: null,
    businessNumber: null,
    businessNumberScheme: null,
    businessNumberVerifiedAt: null,
    memberCount: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

/** Signs a viewer with these permissions (View list) into the bus, as the shell would. */
export function signInViewer(view: string[], id = 'viewer-1'): void {
  const permission = normalisePermissionObject({ View: view });
  signedIn(
    {
      id,
      username: 'admin',
      names: { givenName: 'Ada', familyName: 'Admin', displayName: 'Ada Admin' },
      emailAddress: 'admin@example.test',
      telephoneNumber: null,
      organisation: null,
      roles: [],
      allRoles: [],
      allOrgs: [],
      allSponsors: [],
      tenant: { id: 't1', name: 'Acme', bannerColour: null, toastrTimeout: null, supportEmail: 'help@example.test' },
      permission,
    },
    { remainingSeconds: 900, expiresAt: '2030-01-01T00:15:00.000Z', absoluteExpiresAt: '2030-01-01T08:00:00.000Z' },
  );
}
