/**
 * Where the console finds the local security client (signin §7 "Local client configuration"): the
 * server tells it (`GET /api2/CMS-v2/CMSClientLocalAddress`, set by `npm start` from the agent's port),
 * and a user may set another address on the readers page. Only loopback http addresses are accepted:
 * the agent listens on the user's own machine.
 */

/** The answer of `GET /api2/CMS-v2/CMSClientLocalAddress`. */
export interface CmsClientLocalAddress {
  /** Origin of the local security client, e.g. `http://127.0.0.1:8802`. */
  AgentUrl: string;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Message of an address that is not a loopback http URL (the readers page's field). */
export const AGENT_URL_INVALID = 'Security client address must be an http address on this computer, such as http://127.0.0.1:8802';

/**
 * The origin of `text` when it is an http URL on 127.0.0.1, localhost or [::1] (a bare `host:port` is
 * read as http), else null.
 */
export function normaliseAgentUrl(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`);
    return url.protocol === 'http:' && LOOPBACK.has(url.hostname) && url.port !== '' ? url.origin : null;
  } catch {
    return null;
  }
}
