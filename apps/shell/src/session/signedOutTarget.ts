import { loginRedirectPath, matchRoute } from '@tessera/domain';

/**
 * Where to send a user whose session ended while on `path` (pathname + search): back to sign-in
 * with `?redirect=` for a session route or an unknown path, nowhere for a public route (its page
 * works signed out) or for the exceptions of signin §2 (`/login`, `/anonymousportal`, `/register*`).
 */
export function signedOutTarget(path: string): string | null {
  const pathname = path.split(/[?#]/, 1)[0] ?? path;
  const match = matchRoute(pathname);
  if (match && match.route.access === 'public') return null;
  return loginRedirectPath(path);
}
