import { guardRoute, safeRedirectTarget, splitPath, type GuardRoute, type GuardRules, type GuardSession } from './guardRoute';

/** A small route table in the shape of domain's (admin-console §2, signin §2). */
const TABLE: Record<string, GuardRoute> = {
  '/home': { path: '/home', permission: null, access: 'session' },
  '/about': { path: '/about', permission: null, access: 'session' },
  '/login': { path: '/login', permission: null, access: 'public' },
  '/bootstrapmode': { path: '/bootstrapmode', permission: null, access: 'public' },
  '/denied': { path: '/denied', permission: null, access: 'public' },
  '/register': { path: '/register', permission: null, access: 'public' },
  '/identity/users': { path: '/identity/users', permission: 'userView', access: 'session' },
};

const rules: GuardRules = {
  match: (pathname) => TABLE[pathname] ?? null,
  canView: (route, permission) => route.permission === null || permission.View.includes(route.permission),
  loginRedirectPath: (current) => (current.startsWith('/login') || current.startsWith('/register') ? null : `/login?redirect=${encodeURIComponent(current)}`),
  homePath: '/home',
};

const signedOut: GuardSession = { status: 'signedOut', permission: null };
const loading: GuardSession = { status: 'loading', permission: null };
const signedIn = (...view: string[]): GuardSession => ({ status: 'signedIn', permission: { View: view } });

describe('guardRoute', () => {
  it('should redirect / to /home for a signed-in user', () => {
    expect(guardRoute({ pathname: '/' }, signedIn(), rules)).toEqual({ action: 'redirect', to: '/home' });
  });

  it('should follow / → /home → /login?redirect=%2Fhome in one step when signed out', () => {
    expect(guardRoute({ pathname: '/' }, signedOut, rules)).toEqual({ action: 'redirect', to: '/login?redirect=%2Fhome' });
  });

  it('should send a signed-out user on a session route to /login with the path and query as redirect', () => {
    expect(guardRoute({ pathname: '/identity/users', search: '?page=2' }, signedOut, rules)).toEqual({
      action: 'redirect',
      to: '/login?redirect=%2Fidentity%2Fusers%3Fpage%3D2',
    });
  });

  it('should mount a public route for a signed-out user', () => {
    expect(guardRoute({ pathname: '/login' }, signedOut, rules)).toEqual({ action: 'mount' });
    expect(guardRoute({ pathname: '/register' }, signedOut, rules)).toEqual({ action: 'mount' });
  });

  it('should mount a path outside the route table (the shell shows not-found)', () => {
    expect(guardRoute({ pathname: '/no/such/page' }, signedOut, rules)).toEqual({ action: 'mount' });
  });

  it('should send a user lacking the view permission to /denied', () => {
    expect(guardRoute({ pathname: '/identity/users' }, signedIn('roleView'), rules)).toEqual({ action: 'redirect', to: '/denied' });
  });

  it('should mount a guarded route whose permission is in permission.View', () => {
    expect(guardRoute({ pathname: '/identity/users' }, signedIn('userView'), rules)).toEqual({ action: 'mount' });
  });

  it('should mount a session route without a permission for any signed-in user', () => {
    expect(guardRoute({ pathname: '/about' }, signedIn(), rules)).toEqual({ action: 'mount' });
  });

  it('should send a signed-in user on /login to /home', () => {
    expect(guardRoute({ pathname: '/login' }, signedIn(), rules)).toEqual({ action: 'redirect', to: '/home' });
  });

  it('should send a signed-in user on /login to a safe ?redirect= target', () => {
    expect(guardRoute({ pathname: '/login', search: '?redirect=%2Fabout' }, signedIn(), rules)).toEqual({ action: 'redirect', to: '/about' });
  });

  it('should apply the permission rule to the ?redirect= target too', () => {
    expect(guardRoute({ pathname: '/login', search: '?redirect=%2Fidentity%2Fusers' }, signedIn(), rules)).toEqual({
      action: 'redirect',
      to: '/denied',
    });
  });

  it('should ignore an off-site ?redirect= target and go home', () => {
    expect(guardRoute({ pathname: '/login', search: '?redirect=%2F%2Fevil.example' }, signedIn(), rules)).toEqual({ action: 'redirect', to: '/home' });
  });

  it('should wait rather than redirect on a session route while the session loads', () => {
    expect(guardRoute({ pathname: '/home' }, loading, rules)).toEqual({ action: 'wait' });
  });

  it('should send every path to /bootstrapmode on the first decision in bootstrap mode', () => {
    expect(guardRoute({ pathname: '/home' }, signedOut, rules, { bootstrapMode: true })).toEqual({ action: 'redirect', to: '/bootstrapmode' });
    expect(guardRoute({ pathname: '/' }, signedOut, rules, { bootstrapMode: true })).toEqual({ action: 'redirect', to: '/bootstrapmode' });
    expect(guardRoute({ pathname: '/bootstrapmode' }, signedOut, rules, { bootstrapMode: true })).toEqual({ action: 'mount' });
  });

  it('should stop on a cycle in the rules instead of looping', () => {
    const cyclic: GuardRules = { ...rules, homePath: '/', match: () => null };
    expect(guardRoute({ pathname: '/' }, signedOut, cyclic)).toEqual({ action: 'mount' });
  });

  it('should use the login path itself when loginRedirectPath gives no target', () => {
    const noRedirect: GuardRules = { ...rules, loginRedirectPath: () => null };
    expect(guardRoute({ pathname: '/home' }, signedOut, noRedirect)).toEqual({ action: 'redirect', to: '/login' });
  });
});

describe('safeRedirectTarget', () => {
  it('should accept a local absolute path with a query', () => {
    expect(safeRedirectTarget('?redirect=%2Fidentity%2Fusers%3Fpage%3D2')).toBe('/identity/users?page=2');
  });

  it.each([
    ['no parameter', ''],
    ['a relative path', '?redirect=home'],
    ['a protocol-relative URL', '?redirect=%2F%2Fevil.example%2Fx'],
    ['a backslash host', '?redirect=%2F%5Cevil.example'],
    ['an absolute URL', '?redirect=https%3A%2F%2Fevil.example'],
    ['a javascript: URL', '?redirect=javascript%3Aalert(1)'],
    ['a control character', '?redirect=%2Fhome%0A'],
    ['the login screen itself', '?redirect=%2Flogin%3Fredirect%3D%252Fhome'],
  ])('should reject %s', (_label, search) => {
    expect(safeRedirectTarget(search)).toBeNull();
  });
});

describe('splitPath', () => {
  it('should split the query off and drop the hash', () => {
    expect(splitPath('/a/b?x=1#frag')).toEqual({ pathname: '/a/b', search: '?x=1' });
    expect(splitPath('/a')).toEqual({ pathname: '/a', search: '' });
  });
});
