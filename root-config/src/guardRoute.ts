/**
 * The route guard of the console (platform-contracts "Browser boot", signin §2, admin-console §2):
 * given where the browser is going and what is known about the session, either mount the route or
 * redirect. Pure: the route table rules come in through {@link GuardRules}, so root-config passes the
 * ones of `@tessera/domain` and tests pass a small table.
 */

/** What the guard needs to know about a route of the table (a subset of domain's `RouteDef`). */
export interface GuardRoute {
  path: string;
  permission: string | null;
  access: 'public' | 'session';
}

/** The permission object's View list is all the guard reads (signin §2 "/denied"). */
export interface GuardPermission {
  View: readonly string[];
}

/** The route table rules of `@tessera/domain` the guard applies. */
export interface GuardRules {
  /** `matchRoute(pathname)?.route` (most specific wins), or null for a path outside the table. */
  match: (pathname: string) => GuardRoute | null;
  /** `canViewRoute(route, permission)`. */
  canView: (route: GuardRoute, permission: GuardPermission) => boolean;
  /** `loginRedirectPath(currentPath)`: `/login?redirect=…`, or null from /login, /anonymousportal and /register*. */
  loginRedirectPath: (currentPath: string) => string | null;
  /** Where `/` goes (`HOME_PATH`, `/home`). */
  homePath: string;
  /** The sign-in screen (`/login`). */
  loginPath?: string;
  /** Where a missing view permission goes (`/denied`). */
  deniedPath?: string;
  /** The first-run setup screen (`/bootstrapmode`). */
  bootstrapPath?: string;
}

/** The session as the guard sees it: `session$`'s status and the viewer's permission object. */
export interface GuardSession {
  status: 'loading' | 'signedIn' | 'signedOut';
  /** The signed-in viewer's permission object (null unless signed in). */
  permission: GuardPermission | null;
}

/** Where the browser is going. */
export interface GuardLocation {
  pathname: string;
  /** The query string with its `?`, or ''. */
  search?: string;
}

/**
 * What to do with a navigation:
 * - `mount`: let the route's area app mount;
 * - `redirect`: replace the address with `to` (the guard already followed the chain of redirects);
 * - `wait`: the session is still loading: mount nothing guarded yet, decide again when it is known.
 */
export type GuardDecision = { action: 'mount' } | { action: 'redirect'; to: string } | { action: 'wait' };

/** Options of {@link guardRoute}. */
export interface GuardOptions {
  /** True only for the first decision of a page load in bootstrap mode: everything goes to the setup screen. */
  bootstrapMode?: boolean;
}

const MAX_REDIRECTS = 5;

/**
 * Decides a navigation. Rules, in order:
 * 1. in bootstrap mode (first decision of a page load only) every path → `/bootstrapmode`;
 * 2. `/` → the home path (`/home`);
 * 3. a path outside the route table mounts (the shell shows the not-found page);
 * 4. a signed-in user on `/login` → the `?redirect=` target when it is a safe local path, else `/home`;
 * 5. a `session` route without a signed-in session → `/login?redirect=<path>` (`wait` while loading);
 * 6. a route whose permission is not in the viewer's `permission.View` → `/denied`;
 * 7. otherwise mount.
 * A redirect target is decided again (up to 5 hops), so `/` when signed out goes straight to
 * `/login?redirect=%2Fhome` in one step.
 */
export function guardRoute(location: GuardLocation, session: GuardSession, rules: GuardRules, options: GuardOptions = {}): GuardDecision {
  let current = { pathname: location.pathname, search: location.search ?? '' };
  const visited = new Set([`${current.pathname}${current.search}`]);
  let target: string | null = null;
  for (let hop = 0; hop < MAX_REDIRECTS; hop++) {
    const step = decideOnce(current, session, rules, hop === 0 ? options : {});
    if (step.action !== 'redirect') return target === null ? step : { action: 'redirect', to: target };
    if (visited.has(step.to)) break; // a cycle in the rules: stop at the last new place
    visited.add(step.to);
    target = step.to;
    current = splitPath(step.to);
  }
  return target === null ? { action: 'mount' } : { action: 'redirect', to: target };
}

function decideOnce(location: { pathname: string; search: string }, session: GuardSession, rules: GuardRules, options: GuardOptions): GuardDecision {
  const { pathname, search } = location;
  const loginPath = rules.loginPath ?? '/login';
  const bootstrapPath = rules.bootstrapPath ?? '/bootstrapmode';
  if (options.bootstrapMode && pathname !== bootstrapPath) return { action: 'redirect', to: bootstrapPath };
  if (pathname === '/' || pathname === '') return { action: 'redirect', to: rules.homePath };
  const route = rules.match(pathname);
  if (route === null) return { action: 'mount' };
  if (session.status === 'signedIn' && pathname === loginPath) {
    return { action: 'redirect', to: safeRedirectTarget(search, { loginPath }) ?? rules.homePath };
  }
  if (route.access === 'session') {
    if (session.status === 'loading') return { action: 'wait' };
    if (session.status !== 'signedIn') return { action: 'redirect', to: rules.loginRedirectPath(`${pathname}${search}`) ?? loginPath };
  }
  if (route.permission !== null && session.status === 'signedIn') {
    if (!session.permission || !rules.canView(route, session.permission)) return { action: 'redirect', to: rules.deniedPath ?? '/denied' };
  }
  return { action: 'mount' };
}

/** `/a/b?x=1` → `{pathname: '/a/b', search: '?x=1'}` (a hash is dropped). */
export function splitPath(path: string): { pathname: string; search: string } {
  const noHash = path.split('#')[0] ?? '';
  const q = noHash.indexOf('?');
  return q < 0 ? { pathname: noHash, search: '' } : { pathname: noHash.slice(0, q), search: noHash.slice(q) };
}

/**
 * The `redirect` query parameter of a sign-in address when it is a safe place to go after sign-in:
 * a local absolute path (`/…`, not `//host` nor `/\host`, no scheme, no control characters) that is not
 * the sign-in screen itself. Anything else → null, so an attacker's link cannot send a user off-site.
 */
export function safeRedirectTarget(search: string, { loginPath = '/login' }: { loginPath?: string } = {}): string | null {
  let target: string | null;
  try {
    target = new URLSearchParams(search).get('redirect');
  } catch {
    return null;
  }
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null;
  if (/[\u0000-\u001f\u007f]/.test(target)) return null;
  if (splitPath(target).pathname === loginPath) return null;
  return target;
}
