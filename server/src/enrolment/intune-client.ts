/**
 * Microsoft Intune's SCEP validation service, over undici (issue 17). Designed against Microsoft's published
 * protocol ("Use APIs to add third-party CAs for SCEP to Intune" and its open-source validation library
 * microsoft/Intune-Resource-Access, src/CsrValidation):
 *  1. an Entra application token, OAuth2 client credentials: `POST {authority}/{azureTenantId}/oauth2/v2.0/token`
 *     (form: grant_type=client_credentials, client_id, client_secret, scope=`{resource}/.default`), once for
 *     Microsoft Graph and once for Intune (`https://api.manage.microsoft.com/`); each token is cached until a
 *     minute before it expires;
 *  2. service discovery through Graph: `GET {graph}/v1.0/servicePrincipals/appId={Intune app id}/endpoints`,
 *     the entry whose `capability` is `ScepRequestValidationFEService` gives the service URL (cached an hour,
 *     dropped when the service cannot be reached);
 *  3. `POST {service}/ScepActions/validateRequest` `{ request: { transactionId, certificateRequest, callerInfo } }`
 *     and, after the CA's answer, `ScepActions/successNotification` `{ notification: { transactionId,
 *     certificateRequest, certificateThumbprint, certificateSerialNumber, certificateExpirationDateUtc,
 *     issuingCertificateAuthority, callerInfo } }` or `ScepActions/failureNotification` `{ notification: {
 *     transactionId, certificateRequest, hResult, errorDescription, callerInfo } }`, with the headers
 *     `api-version: 2018-02-20`, `client-request-id` and `UserAgent`; each answers `{ code, errorDescription }`,
 *     `code` being `Success` or an error code.
 * The authority and Graph URLs are per tenant (national clouds); only `https://` URLs are called, except on
 * 127.0.0.1/localhost (test doubles). The client secret is only held in memory here; it is never logged.
 */
import { createHash, randomUUID } from 'node:crypto';
import { request } from 'undici';
import { INTUNE_DEFAULTS } from '@tessera/domain';
import { ValidationError } from '../platform/errors';

/** Intune's first-party application id (the service principal whose endpoints discovery reads). */
export const INTUNE_APP_ID = '0000000a-0000-0000-c000-000000000000';
/** The Intune resource the validation calls need a token for. */
export const INTUNE_RESOURCE = 'https://api.manage.microsoft.com/';
/** The discovery capability of the SCEP validation service. */
export const SCEP_VALIDATION_CAPABILITY = 'ScepRequestValidationFEService';
/** The service's API version (Microsoft's library). */
export const SCEP_SERVICE_VERSION = '2018-02-20';

const DISCOVERY_TTL_MS = 3_600_000;
const TOKEN_MARGIN_MS = 60_000;

/** What the client needs of a tenant's settings. */
export interface IntuneClientSettings {
  azureTenantId: string;
  applicationId: string;
  clientSecret: string;
  /** Sign-in authority, e.g. `https://login.microsoftonline.com`. */
  authorityUrl: string;
  /** Microsoft Graph, e.g. `https://graph.microsoft.com`. */
  graphUrl: string;
  /** `callerInfo` and `UserAgent`: the CA's name and version. */
  callerInfo: string;
  timeoutMs?: number;
}

/** Intune's answer to a validation or a notification. */
export interface IntuneAnswer {
  /** `Success` or an error code (e.g. `ChallengePasswordMissing`, `ChallengeExpired`, `ChallengeDecryptionError`). */
  code: string;
  errorDescription: string;
}

/** Intune, Graph or Entra could not be reached or answered something that is not the protocol (one-line reason, never a secret). */
export class IntuneServiceError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'IntuneServiceError';
  }
}

/** Checks a configured base URL: https, or http on 127.0.0.1/localhost. @throws ValidationError naming `field` */
export function checkIntuneUrl(field: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ValidationError(field, 'is not a URL');
  }
  const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) throw new ValidationError(field, 'must be an https:// URL');
  if (url.username || url.password || url.search || url.hash) throw new ValidationError(field, 'must be a plain base URL');
  return url.origin + url.pathname.replace(/\/+$/, '');
}

function safeUrl(value: string, what: string): string {
  try {
    return checkIntuneUrl(what, value);
  } catch {
    throw new IntuneServiceError(`The ${what} URL is not an https:// URL`);
  }
}

async function call(url: string, init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string }, timeoutMs: number, what: string): Promise<{ status: number; json: Record<string, unknown> }> {
  try {
    const res = await request(url, { ...init, headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
    const text = await res.body.text();
    let json: Record<string, unknown> = {};
    try {
      json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      json = {};
    }
    return { status: res.statusCode, json };
  } catch (error) {
    const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code ?? '';
    if (/Timeout/i.test(code)) throw new IntuneServiceError(`${what} did not answer in time`, { cause: error });
    throw new IntuneServiceError(`${what} could not be reached${code ? ` (${code})` : ''}`, { cause: error });
  }
}

function reason(status: number, json: Record<string, unknown>): string {
  const error = json.error;
  if (typeof error === 'string') return `${error} (HTTP ${status})`;
  if (error && typeof error === 'object' && 'code' in error) return `${String((error as { code: unknown }).code)} (HTTP ${status})`;
  return `HTTP ${status}`;
}

const tokens = new Map<string, { token: string; expiresAt: number }>();
const services = new Map<string, { url: string; expiresAt: number }>();

/** Forgets cached tokens and service locations (tests). */
export function clearIntuneCaches(): void {
  tokens.clear();
  services.clear();
}

/** A client of one tenant's Intune settings. */
export class IntuneClient {
  readonly #s: Required<IntuneClientSettings>;
  readonly #now: () => number;

  constructor(settings: IntuneClientSettings, now: () => number = Date.now) {
    this.#s = { timeoutMs: INTUNE_DEFAULTS.timeoutMs, ...settings, authorityUrl: safeUrl(settings.authorityUrl, 'authority'), graphUrl: safeUrl(settings.graphUrl, 'Graph') };
    this.#now = now;
  }

  /** An application token for `resource` (cached until a minute before it expires). */
  async token(resource: string): Promise<string> {
    const s = this.#s;
    const key = createHash('sha256').update(JSON.stringify([s.authorityUrl, s.azureTenantId, s.applicationId, s.clientSecret, resource])).digest('hex');
    const cached = tokens.get(key);
    if (cached && cached.expiresAt > this.#now()) return cached.token;
    // v2.0 scope of a v1 resource: the resource id then `/.default` (Intune's id ends with a slash: `https://api.manage.microsoft.com//.default`).
    const scope = `${resource}/.default`;
    const body = new URLSearchParams({ grant_type: 'client_credentials', client_id: s.applicationId, client_secret: s.clientSecret, scope }).toString();
    const { status, json } = await call(`${s.authorityUrl}/${encodeURIComponent(s.azureTenantId)}/oauth2/v2.0/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, body }, s.timeoutMs, 'Entra ID');
    if (status !== 200 || typeof json.access_token !== 'string') throw new IntuneServiceError(`Entra ID refused the application's credentials: ${reason(status, json)}`);
    const lifetime = typeof json.expires_in === 'number' ? json.expires_in : Number(json.expires_in ?? 0);
    tokens.set(key, { token: json.access_token, expiresAt: this.#now() + Math.max(0, lifetime * 1000 - TOKEN_MARGIN_MS) });
    return json.access_token;
  }

  /** The URL of Intune's SCEP validation service, from Graph (cached). */
  async serviceUrl(): Promise<string> {
    const s = this.#s;
    const key = JSON.stringify([s.graphUrl, s.azureTenantId, s.applicationId]);
    const cached = services.get(key);
    if (cached && cached.expiresAt > this.#now()) return cached.url;
    const bearer = await this.token(new URL(s.graphUrl).origin);
    const { status, json } = await call(`${s.graphUrl}/v1.0/servicePrincipals/appId=${INTUNE_APP_ID}/endpoints`, { method: 'GET', headers: { authorization: `Bearer ${bearer}`, accept: 'application/json', 'client-request-id': randomUUID() } }, s.timeoutMs, 'Microsoft Graph');
    if (status !== 200 || !Array.isArray(json.value)) throw new IntuneServiceError(`Microsoft Graph refused the service discovery: ${reason(status, json)}`);
    const entry = (json.value as { capability?: unknown; uri?: unknown }[]).find((e) => typeof e.capability === 'string' && e.capability.toLowerCase() === SCEP_VALIDATION_CAPABILITY.toLowerCase());
    if (!entry || typeof entry.uri !== 'string') throw new IntuneServiceError(`Microsoft Graph lists no ${SCEP_VALIDATION_CAPABILITY} endpoint for this tenant`);
    const url = safeUrl(entry.uri, 'Intune service');
    services.set(key, { url, expiresAt: this.#now() + DISCOVERY_TTL_MS });
    return url;
  }

  async #post(action: string, body: unknown): Promise<IntuneAnswer> {
    const s = this.#s;
    const base = await this.serviceUrl();
    const bearer = await this.token(INTUNE_RESOURCE);
    const headers = { authorization: `Bearer ${bearer}`, 'content-type': 'application/json', accept: 'application/json', 'client-request-id': randomUUID(), 'api-version': SCEP_SERVICE_VERSION, UserAgent: s.callerInfo };
    let answer: { status: number; json: Record<string, unknown> };
    try {
      answer = await call(`${base}/ScepActions/${action}`, { method: 'POST', headers, body: JSON.stringify(body) }, s.timeoutMs, 'Intune');
    } catch (error) {
      services.clear(); // the service may have moved: discover again next time
      throw error;
    }
    const { status, json } = answer;
    if (status < 200 || status >= 300 || typeof json.code !== 'string') throw new IntuneServiceError(`Intune did not answer ${action}: ${reason(status, json)}`);
    return { code: json.code, errorDescription: typeof json.errorDescription === 'string' ? json.errorDescription : '' };
  }

  /** Asks Intune whether this CSR (DER, base64 on the wire) with its challenge may be issued. */
  validateRequest(transactionId: string, csrDer: Uint8Array): Promise<IntuneAnswer> {
    return this.#post('validateRequest', { request: { transactionId, certificateRequest: Buffer.from(csrDer).toString('base64'), callerInfo: this.#s.callerInfo } });
  }

  /** Tells Intune the certificate was issued. */
  successNotification(input: { transactionId: string; csrDer: Uint8Array; thumbprint: string; serialNumber: string; expiresAt: Date; issuingCertificateAuthority: string }): Promise<IntuneAnswer> {
    return this.#post('successNotification', {
      notification: {
        transactionId: input.transactionId,
        certificateRequest: Buffer.from(input.csrDer).toString('base64'),
        certificateThumbprint: input.thumbprint,
        certificateSerialNumber: input.serialNumber,
        certificateExpirationDateUtc: input.expiresAt.toISOString(),
        issuingCertificateAuthority: input.issuingCertificateAuthority,
        callerInfo: this.#s.callerInfo,
      },
    });
  }

  /** Tells Intune the request failed after validation (hResult: a 32-bit HRESULT; description at most 255 characters). */
  failureNotification(input: { transactionId: string; csrDer: Uint8Array; hResult: number; errorDescription: string }): Promise<IntuneAnswer> {
    return this.#post('failureNotification', {
      notification: { transactionId: input.transactionId, certificateRequest: Buffer.from(input.csrDer).toString('base64'), hResult: input.hResult, errorDescription: input.errorDescription.slice(0, 255), callerInfo: this.#s.callerInfo },
    });
  }
}
