/**
 * Why a server could not be reached, as a person says it (issue 18): connection refused, a name not
 * found (DNS), a TLS failure, a timeout. undici's fetch rejects with `TypeError: fetch failed` and keeps
 * the reason as `cause` (a Node system error with a `code`, or a TLS error).
 */

const TLS_CODES = /^(CERT_|ERR_TLS_|ERR_SSL_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|EPROTO$|HOSTNAME_MISMATCH|ERR_TLS_CERT_ALTNAME_INVALID)/;

/** The innermost error with a `code`, following `cause` (at most 5 levels). */
function rootCause(error: unknown): { code?: string; message?: string; hostname?: string; address?: string; port?: number } | null {
  let current: unknown = error;
  let found: { code?: string; message?: string } | null = null;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    if (typeof (current as { code?: unknown }).code === 'string') found = current as { code: string };
    current = (current as { cause?: unknown }).cause;
  }
  return found;
}

/**
 * A short reason for a failed connection to `url`, or null when the error says nothing recognisable.
 * @param error - what fetch rejected with (or an error wrapping it as `cause`)
 */
export function networkCause(error: unknown, url: string): string | null {
  const cause = rootCause(error);
  if (!cause?.code) return null;
  let host = url;
  try {
    host = new URL(url).host;
  } catch {
    // Keep the text as given.
  }
  const code = cause.code;
  if (code === 'ECONNREFUSED') return `connection refused by ${host}: is the server running, and is --server right?`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME') return `the name ${host.replace(/:\d+$/, '')} was not found (DNS ${code})`;
  if (code === 'ETIMEDOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') return `no answer from ${host} (connection timed out)`;
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return `the connection to ${host} was closed (${code}); is it a TLS port spoken to with http:, or the reverse?`;
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return `${host} cannot be reached from this network (${code})`;
  if (TLS_CODES.test(code)) return `TLS failed with ${host}: ${cause.message ?? code} (${code})`;
  return `${cause.message ?? code} (${code})`;
}
