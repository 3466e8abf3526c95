/**
 * The ACME protocol as a client (RFC 8555; admin-console §4 "ACME order flow … Replay nonces are kept in 4
 * slots"): requests signed with `jose` (flattened JWS, ES256 account key from node:crypto), external account
 * binding (§7.3.4, HS256 with `jose`), and the replay nonces every answer carries kept in 4 slots (domain's
 * keepNonce/takeNonce) so that a signed request asks newNonce only when the slots are empty. One instance talks
 * to one directory for one run. Written on `jose` rather than the npm `acme-client` because that library asks
 * newNonce before every request and keeps no nonce of an answer, which the spec's 4 slots need.
 */
import { createPrivateKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import * as jose from 'jose';
import { keepNonce, takeNonce } from '@tessera/domain';

const TIMEOUT_MS = 30_000;
const JOSE = 'application/jose+json';

/** An error of the ACME server (a problem document) or of the exchange, with what the server said. */
export class AcmeClientError extends Error {
  constructor(
    message: string,
    readonly problemType: string | null = null,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'AcmeClientError';
  }
}

/** The directory object (RFC 8555 §7.1.1). */
export interface AcmeDirectoryDocument {
  newNonce: string;
  newAccount: string;
  newOrder: string;
  meta?: { termsOfService?: string; externalAccountRequired?: boolean };
}

/** An order (RFC 8555 §7.1.3) with its URL. */
export interface AcmeOrderDocument {
  url: string;
  status: string;
  authorizations: string[];
  finalize: string;
  certificate?: string;
  error?: { type?: string; detail?: string };
}

/** An authorisation (RFC 8555 §7.1.4). */
export interface AcmeAuthorizationDocument {
  status: string;
  identifier: { type: string; value: string };
  challenges: { type: string; url: string; token: string; status: string; error?: { type?: string; detail?: string } }[];
}

/** An answer of the server. */
interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

/** A new ES256 account key (P-256), as the private JWK to seal. */
export function newAccountKey(): jose.JWK {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return privateKey.export({ format: 'jwk' }) as jose.JWK;
}

const problemText = (p: { type?: string; detail?: string } | undefined, fallback: string) => (p?.type || p?.detail ? `${(p.type ?? '').replace('urn:ietf:params:acme:error:', '')}${p.detail ? `: ${p.detail}` : ''}` : fallback);

/** A client of one ACME directory with one account key. */
export class AcmeProtocolClient {
  private slots: string[] = [];
  private directoryDoc: AcmeDirectoryDocument | null = null;
  private readonly privateKey: KeyObject;
  private readonly publicJwk: jose.JWK;
  /** How many times newNonce was asked (the slots were empty). */
  newNonceRequests = 0;
  /** How many requests were sent again after a badNonce answer. */
  badNonceRetries = 0;
  /** The account URL (the kid of every request after registration). */
  accountUrl: string | null;

  constructor(
    readonly directoryUrl: string,
    accountJwk: jose.JWK,
    accountUrl: string | null = null,
  ) {
    this.privateKey = createPrivateKey({ key: accountJwk as import('node:crypto').JsonWebKey, format: 'jwk' });
    // The public members only (RFC 7638 order does not matter here; the thumbprint sorts them).
    this.publicJwk = { kty: accountJwk.kty, crv: accountJwk.crv, x: accountJwk.x, y: accountJwk.y } as jose.JWK;
    this.accountUrl = accountUrl;
  }

  /** The replay nonces kept (oldest first; at most 4). */
  get nonceSlots(): readonly string[] {
    return this.slots;
  }

  /** The key authorisation of a token (RFC 8555 §8.1): token "." base64url(JWK thumbprint). */
  async keyAuthorization(token: string): Promise<string> {
    return `${token}.${await jose.calculateJwkThumbprint(this.publicJwk, 'sha256')}`;
  }

  private async fetch(url: string, init: RequestInit): Promise<Answer> {
    let response: Response;
    try {
      response = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS), headers: { 'user-agent': 'Tessera ACME client', ...(init.headers as Record<string, string> | undefined) } });
    } catch (cause) {
      throw new AcmeClientError(`could not reach ${url} (${(cause as Error).cause instanceof Error ? ((cause as Error).cause as Error).message : (cause as Error).message})`);
    }
    this.slots = keepNonce(this.slots, response.headers.get('replay-nonce'));
    const text = await response.text();
    let body: unknown = null;
    const type = response.headers.get('content-type') ?? '';
    if (type.includes('json')) {
      try {
        body = JSON.parse(text);
      } catch {
        throw new AcmeClientError(`${url} answered JSON that does not parse`);
      }
    }
    return { status: response.status, headers: response.headers, body, text };
  }

  /** The directory (fetched once). */
  async directory(): Promise<AcmeDirectoryDocument> {
    if (this.directoryDoc) return this.directoryDoc;
    const answer = await this.fetch(this.directoryUrl, { method: 'GET' });
    const doc = answer.body as Partial<AcmeDirectoryDocument> | null;
    if (answer.status !== 200 || !doc || typeof doc.newNonce !== 'string' || typeof doc.newAccount !== 'string' || typeof doc.newOrder !== 'string') {
      throw new AcmeClientError(`${this.directoryUrl} is not an ACME directory (HTTP ${answer.status})`);
    }
    this.directoryDoc = doc as AcmeDirectoryDocument;
    return this.directoryDoc;
  }

  /** A nonce from the slots, or from newNonce when they are empty (RFC 8555 §7.2). */
  private async nonce(): Promise<string> {
    const taken = takeNonce(this.slots);
    this.slots = taken.slots;
    if (taken.nonce) return taken.nonce;
    const dir = await this.directory();
    this.newNonceRequests++;
    const answer = await this.fetch(dir.newNonce, { method: 'HEAD' });
    const again = takeNonce(this.slots);
    this.slots = again.slots;
    if (!again.nonce) throw new AcmeClientError(`newNonce answered no Replay-Nonce (HTTP ${answer.status})`);
    return again.nonce;
  }

  /** A signed POST (POST-as-GET when payload is null); one retry on badNonce (RFC 8555 §6.5). */
  async post(url: string, payload: unknown, options: { useJwk?: boolean; extra?: Record<string, unknown> } = {}, retried = false): Promise<Answer> {
    const header: jose.JWSHeaderParameters & { nonce: string; url: string } = { alg: 'ES256', nonce: await this.nonce(), url };
    if (options.useJwk) header.jwk = this.publicJwk;
    else if (this.accountUrl) header.kid = this.accountUrl;
    else throw new AcmeClientError('the account is not registered');
    const bytes = payload === null ? new Uint8Array(0) : new TextEncoder().encode(JSON.stringify(payload));
    const jws = await new jose.FlattenedSign(bytes).setProtectedHeader(header).sign(this.privateKey);
    const answer = await this.fetch(url, { method: 'POST', headers: { 'content-type': JOSE }, body: JSON.stringify(jws) });
    const problem = answer.body as { type?: string; detail?: string } | null;
    if (answer.status >= 400 && problem?.type === 'urn:ietf:params:acme:error:badNonce' && !retried) {
      this.badNonceRetries++;
      return this.post(url, payload, options, true);
    }
    if (answer.status >= 400) throw new AcmeClientError(problemText(problem ?? undefined, `HTTP ${answer.status} from ${url}`), problem?.type ?? null, answer.status);
    return answer;
  }

  /**
   * Registers (or finds) the account of the key (RFC 8555 §7.3), agreeing to the terms of service, with an
   * external account binding when given (§7.3.4: HS256 over the account JWK, kid the EAB key id).
   */
  async register(options: { email?: string; eab?: { keyId: string; hmacKey: string } }): Promise<{ accountUrl: string; created: boolean }> {
    const dir = await this.directory();
    const payload: Record<string, unknown> = { termsOfServiceAgreed: true };
    if (options.email) payload.contact = [`mailto:${options.email}`];
    if (options.eab) {
      const binding = await new jose.FlattenedSign(new TextEncoder().encode(JSON.stringify(this.publicJwk))).setProtectedHeader({ alg: 'HS256', kid: options.eab.keyId, url: dir.newAccount }).sign(Buffer.from(options.eab.hmacKey, 'base64url'));
      payload.externalAccountBinding = binding;
    } else if (dir.meta?.externalAccountRequired) {
      throw new AcmeClientError('the server requires an external account binding: give its key id and HMAC key', 'externalAccountRequired');
    }
    const answer = await this.post(dir.newAccount, payload, { useJwk: true });
    const location = answer.headers.get('location');
    if (!location) throw new AcmeClientError('newAccount answered no account URL (Location)');
    this.accountUrl = location;
    return { accountUrl: location, created: answer.status === 201 };
  }

  /** Orders a certificate for DNS names (RFC 8555 §7.4). */
  async newOrder(names: readonly string[]): Promise<AcmeOrderDocument> {
    const dir = await this.directory();
    const answer = await this.post(dir.newOrder, { identifiers: names.map((value) => ({ type: 'dns', value })) });
    const location = answer.headers.get('location');
    if (!location) throw new AcmeClientError('newOrder answered no order URL (Location)');
    return { ...(answer.body as Omit<AcmeOrderDocument, 'url'>), url: location };
  }

  /** Reads an authorisation (POST-as-GET). */
  async authorization(url: string): Promise<AcmeAuthorizationDocument> {
    return (await this.post(url, null)).body as AcmeAuthorizationDocument;
  }

  /** Tells the server a challenge is ready to be validated (RFC 8555 §7.5.1). */
  async respond(challengeUrl: string): Promise<void> {
    await this.post(challengeUrl, {});
  }

  /** Reads an order (POST-as-GET). */
  async order(url: string): Promise<AcmeOrderDocument> {
    return { ...((await this.post(url, null)).body as Omit<AcmeOrderDocument, 'url'>), url };
  }

  /** Finalises an order with a DER CSR (RFC 8555 §7.4). */
  async finalize(order: AcmeOrderDocument, csrDer: Uint8Array): Promise<AcmeOrderDocument> {
    const answer = await this.post(order.finalize, { csr: Buffer.from(csrDer).toString('base64url') });
    return { ...(answer.body as Omit<AcmeOrderDocument, 'url'>), url: order.url };
  }

  /** Downloads the certificate with its chain (RFC 8555 §7.4.2), PEM. */
  async certificate(url: string): Promise<string> {
    const answer = await this.post(url, null);
    if (!answer.text.includes('-----BEGIN CERTIFICATE-----')) throw new AcmeClientError('the certificate URL answered no PEM certificate chain');
    return answer.text;
  }

  /** Polls (POST-as-GET) until `done` says the document is final. @throws AcmeClientError when it is not within `timeoutMs` */
  async poll<T>(read: () => Promise<T>, done: (doc: T) => boolean, what: string, timeoutMs = 60_000, intervalMs = 250): Promise<T> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const doc = await read();
      if (done(doc)) return doc;
      if (Date.now() > until) throw new AcmeClientError(`${what} did not finish within ${Math.round(timeoutMs / 1000)} s`);
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
}
