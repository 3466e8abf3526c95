/**
 * Challenge validation (RFC 8555 §8): http-01 (§8.3, a GET of /.well-known/acme-challenge/{token} on port
 * `TESSERA_ACME_HTTP01_PORT`), dns-01 (§8.4, the TXT record at _acme-challenge.{name}) and tls-alpn-01
 * (RFC 8737: a TLS handshake offering only `acme-tls/1`, whose self-signed certificate names the identifier
 * and carries the critical acmeIdentifier extension holding SHA-256 of the key authorisation). Names under
 * `localhost` connect to the loopback address, as RFC 6761 §6.3 has them resolve.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import tls from 'node:tls';
import dns from 'node:dns';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import type { AcmeChallengeType } from '@tessera/domain';
import { x509 } from '../pki/pki.service';
import { AcmeProblem } from './acme.problem';

/** OID of the acmeIdentifier extension (RFC 8737 §6.1). */
export const ACME_IDENTIFIER_OID = '1.3.6.1.5.5.7.1.31';
const TIMEOUT_MS = 10_000;
const MAX_BODY = 8192;

/** What validation needs from the outside (injected in tests). */
export interface ChallengeEnv {
  http01Port: number;
  tlsAlpn01Port: number;
  resolveTxt: (name: string) => Promise<string[][]>;
}

/** The default environment: node:dns for TXT lookups. */
export function challengeEnv(options: { http01Port: number; tlsAlpn01Port: number }): ChallengeEnv {
  return { ...options, resolveTxt: (name) => dns.promises.resolveTxt(name) };
}

/** The address a name connects to: loopback for localhost names (RFC 6761 §6.3), else the system resolver. */
const lookup: NonNullable<http.RequestOptions['lookup']> = (hostname, options, callback) => {
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) {
    const cb = callback as unknown as (err: Error | null, address: string | dns.LookupAddress[], family?: number) => void;
    if ((options as dns.LookupOptions).all) cb(null, [{ address: '127.0.0.1', family: 4 }]);
    else cb(null, '127.0.0.1', 4);
    return;
  }
  dns.lookup(hostname, options, callback as never);
};

/** SHA-256 of the key authorisation, base64url: the dns-01 TXT value (RFC 8555 §8.4). */
export function dns01Value(keyAuthorization: string): string {
  return createHash('sha256').update(keyAuthorization).digest('base64url');
}

/** http-01: the body at the well-known path equals the key authorisation. */
async function http01(env: ChallengeEnv, name: string, token: string, keyAuthorization: string): Promise<void> {
  const body = await new Promise<string>((resolve, reject) => {
    const request = http.get({ host: name, port: env.http01Port, path: `/.well-known/acme-challenge/${token}`, lookup, timeout: TIMEOUT_MS, headers: { 'user-agent': 'Tessera ACME validation' } }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new AcmeProblem('incorrectResponse', `http-01: GET http://${name}:${env.http01Port}/.well-known/acme-challenge/${token} answered ${response.statusCode}.`, 403));
        return;
      }
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
        if (text.length > MAX_BODY) response.destroy(new Error('too long'));
      });
      response.on('end', () => resolve(text));
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', (cause) => reject(cause instanceof AcmeProblem ? cause : new AcmeProblem('connection', `http-01: could not fetch from ${name}:${env.http01Port} (${cause.message}).`, 403, { cause })));
  });
  if (body.trim() !== keyAuthorization) throw new AcmeProblem('incorrectResponse', `http-01: the response from ${name} is not the key authorisation.`, 403);
}

/** dns-01: a TXT record at _acme-challenge.{name} holds the digest. */
async function dns01(env: ChallengeEnv, name: string, keyAuthorization: string): Promise<void> {
  const record = `_acme-challenge.${name.replace(/^\*\./, '')}`;
  let records: string[][];
  try {
    records = await env.resolveTxt(record);
  } catch (cause) {
    throw new AcmeProblem('dns', `dns-01: no TXT record at ${record} (${(cause as Error).message}).`, 403, { cause });
  }
  const expected = dns01Value(keyAuthorization);
  if (!records.some((chunks) => chunks.join('') === expected)) throw new AcmeProblem('incorrectResponse', `dns-01: no TXT record at ${record} holds the expected value.`, 403);
}

/** tls-alpn-01 (RFC 8737 §3): the certificate served for acme-tls/1 names the identifier and holds the digest. */
async function tlsAlpn01(env: ChallengeEnv, name: string, keyAuthorization: string): Promise<void> {
  const raw = await new Promise<Buffer>((resolve, reject) => {
    const socket = tls.connect({ host: name, port: env.tlsAlpn01Port, servername: name, ALPNProtocols: ['acme-tls/1'], rejectUnauthorized: false, lookup, timeout: TIMEOUT_MS }, () => {
      const protocol = socket.alpnProtocol;
      const cert = socket.getPeerCertificate();
      socket.end();
      if (protocol !== 'acme-tls/1') reject(new AcmeProblem('tls', `tls-alpn-01: ${name} did not negotiate acme-tls/1.`, 403));
      else if (!cert?.raw) reject(new AcmeProblem('tls', `tls-alpn-01: ${name} sent no certificate.`, 403));
      else resolve(cert.raw);
    });
    socket.on('timeout', () => socket.destroy(new Error('timed out')));
    socket.on('error', (cause) => reject(new AcmeProblem('tls', `tls-alpn-01: TLS to ${name}:${env.tlsAlpn01Port} failed (${cause.message}).`, 403, { cause })));
  });
  const cert = new x509.X509Certificate(new Uint8Array(raw));
  const san = cert.getExtension(x509.SubjectAlternativeNameExtension);
  const names = san ? san.names.items.map((n) => n.toJSON()) : [];
  if (names.length !== 1 || names[0]!.type !== 'dns' || names[0]!.value.toLowerCase() !== name.toLowerCase()) throw new AcmeProblem('incorrectResponse', `tls-alpn-01: the certificate must name ${name} alone in its subjectAltName.`, 403);
  const ext = cert.extensions.find((e) => e.type === ACME_IDENTIFIER_OID);
  if (!ext || !ext.critical) throw new AcmeProblem('incorrectResponse', 'tls-alpn-01: the certificate has no critical acmeIdentifier extension.', 403);
  const digest = AsnConvert.parse(ext.value, OctetString);
  const expected = createHash('sha256').update(keyAuthorization).digest();
  if (!Buffer.from(digest.buffer).equals(expected)) throw new AcmeProblem('incorrectResponse', 'tls-alpn-01: the acmeIdentifier extension does not hold the key authorisation digest.', 403);
}

/** Validates one challenge. @throws AcmeProblem with the reason it failed */
export async function validateChallenge(env: ChallengeEnv, type: AcmeChallengeType, name: string, token: string, keyAuthorization: string): Promise<void> {
  if (type === 'http-01') return http01(env, name, token, keyAuthorization);
  if (type === 'dns-01') return dns01(env, name, keyAuthorization);
  return tlsAlpn01(env, name, keyAuthorization);
}
