import { normalisePermissionObject, type LoginResponse, type SessionInfo, type Viewer } from '@tessera/domain';

/** Session timing for tests. */
export function testSession(): SessionInfo {
  return { remainingSeconds: 900, expiresAt: '2030-01-01T00:15:00.000Z', absoluteExpiresAt: '2030-01-01T08:00:00.000Z' };
}

/** A signed-in viewer for tests. */
export function testViewer(): Viewer {
  return {
    id: 'u1',
    username: 'admin',
    names: { givenName: 'Ada', familyName: 'Admin', displayName: 'Ada Admin' },
    emailAddress: 'admin@acme.example',
    telephoneNumber: null,
    organisation: null,
    roles: [],
    allRoles: [],
    allOrgs: [],
    allSponsors: [],
    permission: normalisePermissionObject({}),
    tenant: { id: 't1', name: 'Acme', bannerColour: null, toastrTimeout: null, supportEmail: 'help@acme.example' },
  };
}

/** A login answer with no further authentication. */
export function signedInResponse(): LoginResponse {
  return { furtherAuthenticationRequired: [], viewer: testViewer(), session: testSession() };
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
