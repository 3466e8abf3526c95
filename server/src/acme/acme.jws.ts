/**
 * JWS of ACME requests (RFC 8555 §6.2, RFC 7515 flattened JSON serialisation), verified with `jose`:
 * the protected header's algorithm (no `none`, no MAC), exactly one of `jwk` and `kid`, the `url` and the
 * `nonce` (checked by the caller). External account binding (§7.3.4) is an HS256 JWS over the account key.
 */
import * as jose from 'jose';
import { AcmeProblem } from './acme.problem';

/** Signature algorithms accepted for account keys (RFC 8555 §6.2: MUST support ES256 and RS256; no none, no MAC). */
export const ACME_JWS_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'] as const;

/** A flattened JWS as received. */
export interface FlattenedJws {
  protected: string;
  payload: string;
  signature: string;
}

/** The protected header fields ACME uses. */
export interface AcmeProtectedHeader {
  alg: string;
  nonce?: string;
  url?: string;
  jwk?: jose.JWK;
  kid?: string;
}

/** Checks the body is a flattened JWS and decodes its protected header. @throws AcmeProblem malformed, badSignatureAlgorithm */
export function decodeJws(body: unknown): { jws: FlattenedJws; header: AcmeProtectedHeader } {
  const b = body as Partial<FlattenedJws> | null;
  if (!b || typeof b !== 'object' || typeof b.protected !== 'string' || typeof b.payload !== 'string' || typeof b.signature !== 'string') {
    throw new AcmeProblem('malformed', 'The request body is not a flattened JWS (protected, payload, signature).');
  }
  let header: AcmeProtectedHeader;
  try {
    header = jose.decodeProtectedHeader({ protected: b.protected } as jose.FlattenedJWSInput) as AcmeProtectedHeader;
  } catch (cause) {
    throw new AcmeProblem('malformed', 'The JWS protected header does not decode.', 400, { cause });
  }
  if (!(ACME_JWS_ALGORITHMS as readonly string[]).includes(header.alg)) {
    throw new AcmeProblem('badSignatureAlgorithm', `The JWS algorithm '${String(header.alg)}' is not accepted; use one of ${ACME_JWS_ALGORITHMS.join(', ')}.`);
  }
  if ((header.jwk === undefined) === (header.kid === undefined)) throw new AcmeProblem('malformed', 'The JWS protected header must hold exactly one of jwk and kid.');
  if (typeof header.url !== 'string') throw new AcmeProblem('malformed', 'The JWS protected header has no url.');
  return { jws: b as FlattenedJws, header };
}

/** Imports a JWK as a verification key. @throws AcmeProblem badPublicKey */
export async function importAccountKey(jwk: jose.JWK, alg: string): Promise<jose.KeyLike | Uint8Array> {
  if (jwk.d !== undefined || jwk.k !== undefined) throw new AcmeProblem('badPublicKey', 'The jwk must be a public key.');
  try {
    return await jose.importJWK(jwk, alg);
  } catch (cause) {
    throw new AcmeProblem('badPublicKey', `The jwk is not a public key usable with ${alg}.`, 400, { cause });
  }
}

/** Verifies a JWS with a key and answers its payload bytes. @throws AcmeProblem malformed */
export async function verifyJws(jws: FlattenedJws, key: jose.KeyLike | Uint8Array, algorithms: readonly string[] = ACME_JWS_ALGORITHMS): Promise<Uint8Array> {
  try {
    const { payload } = await jose.flattenedVerify(jws, key, { algorithms: [...algorithms] });
    return payload;
  } catch (cause) {
    throw new AcmeProblem('malformed', 'The JWS signature does not verify.', 400, { cause });
  }
}

/** The RFC 7638 thumbprint (SHA-256, base64url) of a public JWK. */
export function thumbprint(jwk: jose.JWK): Promise<string> {
  return jose.calculateJwkThumbprint(jwk, 'sha256');
}

/** The public members of a JWK (what is stored and shown). */
export function publicJwk(jwk: jose.JWK): jose.JWK {
  const { kty, crv, x, y, n, e } = jwk;
  return Object.fromEntries(Object.entries({ kty, crv, x, y, n, e }).filter(([, v]) => v !== undefined)) as unknown as jose.JWK;
}

/** Parses a JSON payload (empty for POST-as-GET). @throws AcmeProblem malformed */
export function jsonPayload(payload: Uint8Array): Record<string, unknown> | null {
  if (payload.length === 0) return null;
  try {
    const value = JSON.parse(Buffer.from(payload).toString('utf8')) as unknown;
    if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('not an object');
    return value as Record<string, unknown>;
  } catch (cause) {
    throw new AcmeProblem('malformed', 'The JWS payload is not a JSON object.', 400, { cause });
  }
}
