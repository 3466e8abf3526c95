/**
 * The boot's first two requests (`GET /api2/IDM-v1/BootstrapStatus` and `GET /api/login`) leave from an
 * inline script of `index.html`, while SystemJS is still loading the modules; root-config's api client
 * then gets those answers through this fetch instead of asking again. Each early answer is used once.
 */

/** Paths `index.html` fetches early (keep in step with its inline script). */
export const EARLY_FETCH_PATHS = ['/api2/IDM-v1/BootstrapStatus', '/api/login'] as const;

/** Global name of the early answers: path → promise of the response, or of null when the request failed. */
export const EARLY_FETCH_GLOBAL = 'tesseraEarlyFetch';

/** What the inline script leaves on `window[EARLY_FETCH_GLOBAL]`. */
export type EarlyResponses = Record<string, Promise<Response | null> | undefined>;

/**
 * A fetch that answers a GET of an early path from `early` (once), and everything else, a second call,
 * or an early request that failed, from `fetch`. `origin` resolves relative URLs.
 */
export function createEarlyFetch(early: EarlyResponses | undefined, fetch: typeof globalThis.fetch, origin: string): typeof globalThis.fetch {
  const pending: EarlyResponses = { ...(early ?? {}) };
  return (input, init) => {
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    let key: string | null = null;
    try {
      const url = new URL(href, origin);
      if (url.origin === new URL(origin).origin) key = `${url.pathname}${url.search}`;
    } catch {
      key = null;
    }
    const answer = method === 'GET' && key !== null ? pending[key] : undefined;
    if (!answer || key === null) return fetch(input, init);
    delete pending[key];
    return answer.then((response) => response ?? fetch(input, init));
  };
}
