/**
 * A small ACME client (RFC 8555) for tests and the bench, signing with `jose` and speaking through a
 * transport: `app.inject` or real HTTP. It is a test client: it exposes the raw answers so that tests can
 * assert problem documents, and it lets a test reuse a nonce or sign with another key.
 */
import * as jose from 'jose';
import type { FastifyInstance } from 'fastify';

/** An HTTP answer. */
export interface AcmeHttpAnswer {
  status: number;
  headers: Record<string, string | undefined>;
  body: string;
  json(): Record<string, unknown> & { type?: string; status?: string; detail?: string };
}

/** How the client sends a request. */
export type AcmeTransport = (method: 'GET' | 'HEAD' | 'POST', url: string, body?: string) => Promise<AcmeHttpAnswer>;

const answer = (status: number, headers: Record<string, unknown>, body: string): AcmeHttpAnswer => ({
  status,
  headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v === undefined ? undefined : String(v)])),
  body,
  json: () => JSON.parse(body) as never,
});

/** A transport over `app.inject` (the URL's origin is dropped; light-my-request's host is localhost:80). */
export function injectTransport(app: FastifyInstance): AcmeTransport {
  return async (method, url, body) => {
    const u = new URL(url);
    const res = await app.inject({ method, url: u.pathname + u.search, headers: { host: u.host, ...(body !== undefined ? { 'content-type': 'application/jose+json' } : {}) }, ...(body !== undefined ? { payload: body } : {}) });
    return answer(res.statusCode, res.headers, res.body);
  };
}

/** A transport over real HTTP (fetch). */
export const httpTransport: AcmeTransport = async (method, url, body) => {
  const res = await fetch(url, { method, ...(body !== undefined ? { body, headers: { 'content-type': 'application/jose+json' } } : {}) });
  return answer(res.status, Object.fromEntries(res.headers.entries()), method === 'HEAD' ? '' : await res.text());
};

/** A key pair with its public JWK. */
export interface AcmeKey {
  privateKey: jose.KeyLike;
  jwk: jose.JWK;
  alg: string;
}

/** A new ES256 key. */
export async function acmeKey(): Promise<AcmeKey> {
  const { privateKey, publicKey } = await jose.generateKeyPair('ES256', { extractable: true });
  return { privateKey, jwk: await jose.exportJWK(publicKey), alg: 'ES256' };
}

/** Signs a flattened JWS. */
export async function signJws(key: AcmeKey, header: Record<string, unknown>, payload: unknown): Promise<jose.FlattenedJWS> {
  const bytes = payload === '' ? new Uint8Array(0) : new TextEncoder().encode(JSON.stringify(payload));
  return new jose.FlattenedSign(bytes).setProtectedHeader({ alg: key.alg, ...header } as jose.JWSHeaderParameters).sign(key.privateKey);
}

/** The ACME client of one account key. */
export class AcmeTestClient {
  directory: Record<string, string> = {};
  kid: string | null = null;
  nonce: string | null = null;

  constructor(
    readonly transport: AcmeTransport,
    readonly directoryUrl: string,
    public key: AcmeKey,
  ) {}

  /** Loads the directory. */
  async init(): Promise<this> {
    const res = await this.transport('GET', this.directoryUrl);
    if (res.status !== 200) throw new Error(`directory: ${res.status} ${res.body}`);
    this.directory = res.json() as Record<string, string>;
    return this;
  }

  /** A fresh nonce (from the last answer, or newNonce). */
  async takeNonce(): Promise<string> {
    if (this.nonce) {
      const n = this.nonce;
      this.nonce = null;
      return n;
    }
    const res = await this.transport('HEAD', this.directory.newNonce!);
    return res.headers['replay-nonce']!;
  }

  /** POSTs a JWS (payload '' is POST-as-GET); `useJwk` signs with the jwk instead of the kid. */
  async post(url: string, payload: unknown, options: { useJwk?: boolean; key?: AcmeKey; nonce?: string } = {}): Promise<AcmeHttpAnswer> {
    const key = options.key ?? this.key;
    const nonce = options.nonce ?? (await this.takeNonce());
    const header = options.useJwk || !this.kid ? { jwk: key.jwk, nonce, url } : { kid: this.kid, nonce, url };
    const res = await this.transport('POST', url, JSON.stringify(await signJws(key, header, payload)));
    if (res.headers['replay-nonce']) this.nonce = res.headers['replay-nonce'];
    return res;
  }

  /** newAccount; keeps the kid. */
  async register(payload: Record<string, unknown> = { termsOfServiceAgreed: true }): Promise<AcmeHttpAnswer> {
    const res = await this.post(this.directory.newAccount!, payload, { useJwk: true });
    if (res.status === 200 || res.status === 201) this.kid = res.headers.location!;
    return res;
  }

  /** The key authorisation of a token (RFC 8555 §8.1). */
  async keyAuthorization(token: string): Promise<string> {
    return `${token}.${await jose.calculateJwkThumbprint(this.key.jwk, 'sha256')}`;
  }

  /** Polls a URL (POST-as-GET) until its status leaves pending/processing. */
  async poll(url: string, timeoutMs = 30_000, intervalMs = 100): Promise<AcmeHttpAnswer> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const res = await this.post(url, '');
      const status = res.status === 200 ? (res.json().status as string) : '';
      if (!['pending', 'processing'].includes(status) || Date.now() > deadline) return res;
      await new Promise((r) => setTimeout(r, intervalMs));
    }
  }
}
