/**
 * Cookies: `request.cookies` parsed from the Cookie header, `setCookie`/`clearCookie` appending
 * Set-Cookie headers. (Not @fastify/cookie: it loads the ESM-only `cookie` package with a dynamic
 * `import()`, which jest's CommonJS sandbox cannot run; the server needs only this much.)
 */
import type { FastifyReply } from 'fastify';

/** Attributes of a Set-Cookie header. */
export interface CookieOptions {
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: 'strict' | 'lax' | 'none';
  path?: string;
  /** Seconds; 0 deletes the cookie. */
  maxAge?: number;
  expires?: Date;
}

const NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const VALUE = /^[!#-+\--:<-[\]-~]*$/;

/** Parses a Cookie header; the first value of a name wins, malformed pairs are skipped. */
export function parseCookieHeader(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  // Runs on every request: one pass over the header (no array of its parts).
  const length = header.length;
  let start = 0;
  while (start < length) {
    let end = header.indexOf(';', start);
    if (end < 0) end = length;
    const eq = header.indexOf('=', start);
    if (eq > start && eq < end) {
      const name = header.slice(start, eq).trim();
      if (NAME.test(name) && !Object.prototype.hasOwnProperty.call(out, name)) {
        let value = header.slice(eq + 1, end).trim();
        if (value.length >= 2 && value.charCodeAt(0) === 34 && value.charCodeAt(value.length - 1) === 34) value = value.slice(1, -1);
        // Most values (session, XSRF token) have no escape to decode.
        out[name] = value.includes('%') ? decoded(value) : value;
      }
    }
    start = end + 1;
  }
  return out;
}

function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Serialises a Set-Cookie header value. @throws Error for a name or value that is not a cookie token */
export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  if (!NAME.test(name)) throw new Error(`tessera-cookies: invalid cookie name '${name}'`);
  const encoded = encodeURIComponent(value);
  if (!VALUE.test(encoded)) throw new Error(`tessera-cookies: invalid value for cookie '${name}'`);
  const parts = [`${name}=${encoded}`];
  if (options.maxAge !== undefined) parts.push(`Max-Age=${Math.floor(options.maxAge)}`);
  if (options.expires) parts.push(`Expires=${options.expires.toUTCString()}`);
  parts.push(`Path=${options.path ?? '/'}`);
  if (options.httpOnly) parts.push('HttpOnly');
  if (options.secure) parts.push('Secure');
  if (options.sameSite) parts.push(`SameSite=${options.sameSite[0]?.toUpperCase()}${options.sameSite.slice(1)}`);
  return parts.join('; ');
}

/** Appends a Set-Cookie header. */
export function setCookie(reply: FastifyReply, name: string, value: string, options: CookieOptions = {}): void {
  const existing = reply.getHeader('set-cookie');
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing.map(String) : [String(existing)];
  list.push(serializeCookie(name, value, options));
  reply.header('set-cookie', list);
}

/** Appends a Set-Cookie header that deletes the cookie. */
export function clearCookie(reply: FastifyReply, name: string, options: CookieOptions = {}): void {
  setCookie(reply, name, '', { ...options, maxAge: 0, expires: new Date(0) });
}
