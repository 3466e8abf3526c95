import { DENIED_PATH, HOME_PATH, LOGIN_PATH, canViewRoute, loginRedirectPath, matchRoute, normalisePermissionObject } from '@tessera/domain';
import { guardRoute, type GuardRules, type GuardSession } from './guardRoute';

/** The same rules root-config's boot builds from domain (boot.ts DOMAIN_GUARD_RULES). */
const rules: GuardRules = {
  match: (pathname) => matchRoute(pathname)?.route ?? null,
  canView: canViewRoute,
  loginRedirectPath,
  homePath: HOME_PATH,
  loginPath: LOGIN_PATH,
  deniedPath: DENIED_PATH,
};
const signedOut: GuardSession = { status: 'signedOut', permission: null };
const signedIn = (...view: string[]): GuardSession => ({ status: 'signedIn', permission: normalisePermissionObject({ View: view }) });

describe('guardRoute with the domain route table', () => {
  it('should send / to /home, signed in or out (admin-console §2.1)', () => {
    expect(guardRoute({ pathname: '/' }, signedOut, rules)).toEqual({ action: 'redirect', to: '/home' });
    expect(guardRoute({ pathname: '/' }, signedIn(), rules)).toEqual({ action: 'redirect', to: '/home' });
  });

  it('should mount /login, /bootstrapmode and /register for a signed-out visitor', () => {
    for (const pathname of ['/login', '/bootstrapmode', '/register']) expect(guardRoute({ pathname }, signedOut, rules)).toEqual({ action: 'mount' });
  });

  it('should mount the public /home and /about for a signed-out visitor', () => {
    for (const pathname of ['/home', '/about']) expect(guardRoute({ pathname }, signedOut, rules)).toEqual({ action: 'mount' });
  });

  it('should send a signed-out visitor of a session route to sign in', () => {
    expect(guardRoute({ pathname: '/monitor/api-Rates' }, signedOut, rules)).toEqual({ action: 'redirect', to: '/login?redirect=%2Fmonitor%2Fapi-Rates' });
  });

  it('should send a viewer without a guarded route’s view permission to /denied, and mount it with it', () => {
    // /identity/users/view/:id needs userView (admin-console §2.2).
    const route = matchRoute('/identity/users/view/42')?.route;
    expect(route?.permission).toBe('userView');
    const path = '/identity/users/view/42';
    expect(guardRoute({ pathname: path }, signedIn(), rules)).toEqual({ action: 'redirect', to: '/denied' });
    expect(guardRoute({ pathname: path }, signedIn('userView'), rules)).toEqual({ action: 'mount' });
  });

  it('should send a signed-in viewer on /login to /home', () => {
    expect(guardRoute({ pathname: '/login' }, signedIn(), rules)).toEqual({ action: 'redirect', to: '/home' });
  });
});
