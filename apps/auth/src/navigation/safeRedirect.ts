import { HOME_PATH, LOGIN_PATH } from '@tessera/domain';

/**
 * The in-console path a `?redirect=` value may send the user to after sign-in, or null. Only a
 * same-origin absolute path is accepted (an open-redirect guard): never a URL with a scheme or host,
 * a protocol-relative `//host`, a backslash path browsers read as one, or anything whose resolution
 * leaves `origin`. A redirect back to /login is refused too.
 */
export function safeRedirectPath(raw: string | null | undefined, origin: string): string | null {
  if (!raw || raw.length > 2048) return null;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return null;
  // Control characters (tab, newline) are stripped by URL parsers and can smuggle `//` in.
  if (/[\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin) return null;
  if (url.pathname === LOGIN_PATH || url.pathname === `${LOGIN_PATH}/`) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Where to go after sign-in: the guarded `?redirect=` target, else /home. */
export function afterSignInPath(raw: string | null | undefined, origin: string): string {
  return safeRedirectPath(raw, origin) ?? HOME_PATH;
}
