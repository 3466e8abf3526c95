/**
 * Cookies for a client without a browser (the CLI): a fetch wrapper that stores `Set-Cookie` answers in
 * a jar and sends them back. One jar talks to one server, so domain and path are not tracked.
 */

/** Where the cookies live. `delete` is optional: without it an expired cookie is set to ''. */
export interface CookieJar {
  /** The cookies by name. */
  get(): Record<string, string>;
  set(name: string, value: string): void;
  delete?(name: string): void;
}

/** A jar in memory, optionally starting with some cookies (e.g. from the CLI profile). */
export function createMemoryCookieJar(initial: Record<string, string> = {}): Required<CookieJar> {
  const cookies = new Map(Object.entries(initial));
  return {
    get: () => Object.fromEntries(cookies),
    set: (name, value) => void cookies.set(name, value),
    delete: (name) => void cookies.delete(name),
  };
}

/** A parsed `Set-Cookie` line. */
export interface SetCookie {
  name: string;
  value: string;
  /** Max-Age ≤ 0 or an Expires in the past: the server clears the cookie. */
  expired: boolean;
}

/** Parses one `Set-Cookie` header line (RFC 6265 §5.2); null when it has no name. */
export function parseSetCookie(line: string, nowMs: number): SetCookie | null {
  const [pair = '', ...attributes] = line.split(';');
  const eq = pair.indexOf('=');
  if (eq <= 0) return null;
  const name = pair.slice(0, eq).trim();
  const value = pair.slice(eq + 1).trim();
  let expired = false;
  for (const attribute of attributes) {
    const [key = '', attributeValue = ''] = attribute.split('=', 2).map((s) => s.trim());
    if (key.toLowerCase() === 'max-age') {
      const seconds = Number(attributeValue);
      if (Number.isFinite(seconds)) expired = seconds <= 0;
    } else if (key.toLowerCase() === 'expires' && !attributes.some((a) => a.trim().toLowerCase().startsWith('max-age'))) {
      const at = Date.parse(attribute.slice(attribute.indexOf('=') + 1).trim());
      if (!Number.isNaN(at)) expired = at <= nowMs;
    }
  }
  return { name, value, expired };
}

function setCookieLines(headers: Headers): string[] {
  if (typeof headers.getSetCookie === 'function') return headers.getSetCookie();
  const joined = headers.get('set-cookie');
  return joined ? [joined] : [];
}

/** Options of {@link createCookieFetch}. */
export interface CookieFetchOptions {
  /** Clock for `Expires`. @default Date.now */
  now?: () => number;
}

/**
 * A fetch that sends the jar's cookies (`Cookie` header) and stores the `Set-Cookie` lines of each
 * answer in the jar; a cookie the server expires is removed.
 */
export function createCookieFetch(fetchImpl: typeof fetch, jar: CookieJar, { now = Date.now }: CookieFetchOptions = {}): typeof fetch {
  return async (input, init) => {
    const headers = new Headers(init?.headers);
    const cookie = Object.entries(jar.get())
      .filter(([, value]) => value !== '')
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
    if (cookie) headers.set('cookie', headers.has('cookie') ? `${headers.get('cookie')}; ${cookie}` : cookie);
    const response = await fetchImpl(input, { ...init, headers: Object.fromEntries(headers.entries()) });
    for (const line of setCookieLines(response.headers)) {
      const parsed = parseSetCookie(line, now());
      if (!parsed) continue;
      if (parsed.expired || parsed.value === '') {
        if (jar.delete) jar.delete(parsed.name);
        else jar.set(parsed.name, '');
      } else {
        jar.set(parsed.name, parsed.value);
      }
    }
    return response;
  };
}
