/** The browser side of the CSRF double submit (signin §7). */
import { XSRF_COOKIE_NAME } from '@tessera/domain';

/** Reads the `XSRF-TOKEN` cookie from `document.cookie`; undefined outside a browser or when there is none. */
export function browserXsrfToken(): string | undefined {
  if (typeof document === 'undefined' || typeof document.cookie !== 'string') return undefined;
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== XSRF_COOKIE_NAME) continue;
    const value = part.slice(eq + 1).trim();
    try {
      return value === '' ? undefined : decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}
