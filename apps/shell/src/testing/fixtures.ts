import { normalisePermissionObject, type PermissionObject, type SessionInfo, type Viewer } from '@tessera/domain';

/** A signed-in viewer for tests. */
export function testViewer(overrides: Omit<Partial<Viewer>, 'permission'> & { permission?: Partial<PermissionObject> } = {}): Viewer {
  const { permission, ...rest } = overrides;
  return {
    id: 'u1',
    username: 'alice',
    names: { givenName: 'Alice', familyName: 'Example', displayName: 'Alice Example' },
    emailAddress: 'alice@acme.example',
    telephoneNumber: null,
    organisation: null,
    roles: ['Administrator'],
    allRoles: [{ id: 'r1', name: 'Administrator' }],
    allOrgs: [],
    allSponsors: [],
    tenant: { id: 't1', name: 'Acme', bannerColour: '#ff0000', toastrTimeout: null, supportEmail: 'help@acme.example' },
    ...rest,
    permission: normalisePermissionObject(permission ?? {}),
  };
}

/** Session timing for tests. */
export function testSession(remainingSeconds = 900): SessionInfo {
  return { remainingSeconds, expiresAt: '2030-01-01T00:15:00.000Z', absoluteExpiresAt: '2030-01-01T08:00:00.000Z' };
}

/** jsdom has no matchMedia; Primer's Spinner and useMedia ask it. */
export function installMatchMedia(): void {
  window.matchMedia ??= ((query: string) =>
    ({ matches: false, media: query, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false }) as MediaQueryList);
}
