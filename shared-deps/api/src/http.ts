/**
 * The request core shared by every call: base URL, JSON, credentials, the X-XSRF-TOKEN header, error
 * mapping and the global error hook (signin §7: "Every request sends credentials and a CSRF token
 * header taken from the XSRF-TOKEN cookie; bodies are JSON").
 */
import { AUTH_TIMEOUT_SECONDS, XSRF_HEADER_NAME } from '@tessera/domain';
import { ApiError, errorFromResponse } from './ApiError';
import { browserXsrfToken } from './browserXsrfToken';

/** Options of `createApiClient`. */
export interface ApiClientOptions {
  /** Origin (and optional prefix) of the server, e.g. `http://127.0.0.1:8080`. @default '' (same origin) */
  baseUrl?: string;
  /** The fetch to use: the browser's, or undici's in the CLI (wrapped by `createCookieFetch`). */
  fetch: typeof fetch;
  /** The current XSRF token. @default browserXsrfToken (the `XSRF-TOKEN` cookie of `document`) */
  getXsrfToken?: () => string | undefined;
  /** Called with the global answers (401 not_logged_in, 402, 429, 503 Audit failed) before the call rejects. */
  onGlobalError?: (error: ApiError) => void;
  /** @default 'include' */
  credentials?: RequestCredentials;
  /** Extra headers sent with every request (e.g. the CLI's `Authorization: Bearer <key>`). */
  headers?: Record<string, string>;
  /** How long a sign-in or session call may take before it fails with TIMEOUT. @default 90 000 (signin §9 auth timeout) */
  authTimeoutMs?: number;
}

/** One request. */
export interface HttpRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
}

/** Sends a request and resolves with the parsed answer. */
export type HttpSend = <T>(request: HttpRequest) => Promise<T>;

/** The XSRF endpoint (docs/api.md: "used by the CLI before its first POST"). */
export const XSRF_PATH = '/api2/Authentication-v1/Xsrf';

/** Sign-in and session calls: they give up after the auth timeout (signin §9: 90 s). */
const AUTH_PREFIX = '/api2/Authentication-v1/';

/** How long a request may take before it fails with TIMEOUT, or undefined for no limit. */
export function timeoutMsFor(path: string, authTimeoutMs = AUTH_TIMEOUT_SECONDS * 1000): number | undefined {
  return path.startsWith(AUTH_PREFIX) ? authTimeoutMs : undefined;
}

function buildUrl(baseUrl: string, path: string, query?: HttpRequest['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined && value !== null) params.append(key, String(value));
  const search = params.toString();
  return `${baseUrl.replace(/\/+$/, '')}${path}${search ? `?${search}` : ''}`;
}

/**
 * The request core. For a state-changing call when no XSRF token is known yet, it first calls
 * `GET /api2/Authentication-v1/Xsrf` once, so the server sets the cookie (docs/api.md "CSRF").
 */
export function createHttp({ baseUrl = '', fetch, getXsrfToken = browserXsrfToken, onGlobalError, credentials = 'include', headers = {}, authTimeoutMs }: ApiClientOptions): HttpSend {
  let xsrfPrimed: Promise<void> | null = null;

  async function raw(request: HttpRequest): Promise<Response> {
    const requestHeaders: Record<string, string> = { Accept: 'application/json', ...headers };
    if (request.method !== 'GET') {
      if (getXsrfToken() === undefined && request.path !== XSRF_PATH) {
        xsrfPrimed ??= raw({ method: 'GET', path: XSRF_PATH }).then(
          () => undefined,
          () => {
            xsrfPrimed = null; // a failed attempt may be retried by the next call
          },
        );
        await xsrfPrimed;
      }
    }
    // signin §7: every request carries the token when one is known (the server checks it on
    // state-changing calls; a GET is never made to wait for one).
    const token = getXsrfToken();
    if (token !== undefined) requestHeaders[XSRF_HEADER_NAME] = token;
    const init: RequestInit = { method: request.method, headers: requestHeaders, credentials };
    if (request.body !== undefined) {
      requestHeaders['Content-Type'] = 'application/json';
      init.body = JSON.stringify(request.body);
    }
    const url = buildUrl(baseUrl, request.path, request.query);
    const timeoutMs = timeoutMsFor(request.path, authTimeoutMs);
    if (timeoutMs !== undefined) init.signal = AbortSignal.timeout(timeoutMs);
    try {
      return await fetch(url, init);
    } catch (cause) {
      // DOMException('TimeoutError') from AbortSignal.timeout (not always an Error of this realm).
      if ((cause as { name?: unknown } | null)?.name === 'TimeoutError') {
        throw new ApiError('TIMEOUT', `The server did not answer ${request.method} ${request.path} within ${(timeoutMs ?? 0) / 1000} s`, { status: 0, cause });
      }
      throw new ApiError('NETWORK', `Could not reach the server at ${url}: ${cause instanceof Error ? cause.message : String(cause)}`, { status: 0, cause });
    }
  }

  return async function send<T>(request: HttpRequest): Promise<T> {
    const response = await raw(request);
    const text = await response.text();
    if (!response.ok) {
      const error = errorFromResponse(response.status, text, response.headers.get('retry-after'));
      if (error.isGlobal && onGlobalError) {
        try {
          onGlobalError(error);
        } catch {
          // A failing handler must not replace the error the caller is waiting for.
        }
      }
      throw error;
    }
    if (response.status === 204 || text === '') return undefined as T;
    if (!(response.headers.get('content-type') ?? '').includes('json')) return text as T;
    try {
      return JSON.parse(text) as T;
    } catch (cause) {
      throw new ApiError('INTERNAL', `The server answered ${request.method} ${request.path} with invalid JSON`, { status: response.status, cause });
    }
  };
}
