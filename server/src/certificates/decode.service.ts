/**
 * Decoding a certificate, CSR or CRL into readable fields (admin-console §2.2 `/admin/certificate/decodepem`,
 * §8 'Successfully decoded' / 'Failed to decode'; issue 12). domain's `findDecodeBlocks` applies the input
 * rules of signin §5 (10 MB, binary detection, PEM / hex / base64); @peculiar/x509 reads the ASN.1. Read-only:
 * nothing is stored and nothing is audited. A private key in the input is skipped, never echoed.
 */
// @peculiar/x509 resolves its algorithm providers through tsyringe, which needs the Reflect metadata polyfill.
import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import {
  PEM_LABELS,
  PKI_MESSAGES,
  bytesToHex,
  findDecodeBlocks,
  pemOf,
  type DecodeBlock,
  type DecodePemRequest,
  type DecodePemResponse,
  type DecodedExtension,
  type DecodedField,
  type DecodedKind,
  type DecodedObject,
} from '@tessera/domain';
import { ValidationError } from '../platform/errors';

/** RFC 5280 §5.3.1 reason names by code. */
const CRL_REASONS: Readonly<Record<number, string>> = Object.freeze({
  0: 'unspecified',
  1: 'keyCompromise',
  2: 'cACompromise',
  3: 'affiliationChanged',
  4: 'superseded',
  5: 'cessationOfOperation',
  6: 'certificateHold',
  8: 'removeFromCRL',
  9: 'privilegeWithdrawn',
  10: 'aACompromise',
});

/** The crypto @peculiar/x509 uses for fingerprints and signature checks: Node's WebCrypto. */
const crypto = webcrypto as unknown as Crypto;

/** The bytes the request carries: the text as UTF-8, or the file's base64 decoded (the field is named on a bad value). */
function requestBytes(request: DecodePemRequest): Uint8Array {
  if (request.encoding === 'text') return new TextEncoder().encode(request.content);
  const compact = request.content.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.length % 4 === 1) throw new ValidationError('content', 'is not valid base64');
  return new Uint8Array(Buffer.from(compact, 'base64'));
}

/** The bytes over a plain ArrayBuffer, as WebCrypto and @peculiar/x509 type their inputs. */
function bufferOf(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return new Uint8Array(bytes);
}

function formatDate(date: Date): string {
  return date.toISOString();
}

/** `01:ab:…` (the way certificate viewers print serials and fingerprints). */
function colonHex(bytes: ArrayBuffer | Uint8Array | string): string {
  const hex = typeof bytes === 'string' ? (bytes.length % 2 === 1 ? `0${bytes}` : bytes) : bytesToHex(new Uint8Array(bytes));
  return (hex.match(/../g) ?? []).join(':').toUpperCase();
}

/** `ECDSA P-256`, `RSASSA-PKCS1-v1_5 2048 bits`. */
function describeKey(key: x509.PublicKey): string {
  const algorithm = key.algorithm as KeyAlgorithm & { namedCurve?: string; modulusLength?: number };
  if (algorithm.namedCurve) return `${algorithm.name} ${algorithm.namedCurve}`;
  if (algorithm.modulusLength) return `${algorithm.name} ${algorithm.modulusLength} bits`;
  return algorithm.name;
}

function describeSignature(algorithm: x509.HashedAlgorithm): string {
  return algorithm.hash ? `${algorithm.name} with ${algorithm.hash.name}` : algorithm.name;
}

/** One extension as @peculiar/x509 prints it: `Name: critical` then the value lines. */
function describeExtension(extension: x509.Extension): DecodedExtension {
  const [head = '', ...rest] = extension.toString('text').split('\n');
  const name = head.replace(/:( critical)?\s*$/, '').trim();
  const value = rest.map((line) => line.trim()).filter((line) => line !== '').join('\n');
  return {
    oid: extension.type,
    name: name === '' || name === 'Unknown' ? extension.type : name,
    critical: extension.critical,
    value: value === '' ? colonHex(extension.value) : value,
  };
}

async function decodeCertificate(block: DecodeBlock): Promise<DecodedObject> {
  const cert = new x509.X509Certificate(bufferOf(block.der));
  const fields: DecodedField[] = [
    { name: 'Subject', value: cert.subject },
    { name: 'Issuer', value: cert.issuer },
    { name: 'Serial number', value: colonHex(cert.serialNumber) },
    { name: 'Valid from', value: formatDate(cert.notBefore) },
    { name: 'Valid to', value: formatDate(cert.notAfter) },
    { name: 'Signature algorithm', value: describeSignature(cert.signatureAlgorithm) },
    { name: 'Public key', value: describeKey(cert.publicKey) },
    { name: 'Self-signed', value: (await cert.isSelfSigned(crypto)) ? 'yes' : 'no' },
    { name: 'SHA-1 fingerprint', value: colonHex(await cert.getThumbprint('SHA-1', crypto)) },
    { name: 'SHA-256 fingerprint', value: colonHex(await cert.getThumbprint('SHA-256', crypto)) },
  ];
  return { kind: 'certificate', format: block.format, label: block.label, fields, extensions: cert.extensions.map(describeExtension), revoked: [], pem: pemOf(PEM_LABELS.certificate, block.der) };
}

async function decodeCsr(block: DecodeBlock): Promise<DecodedObject> {
  const csr = new x509.Pkcs10CertificateRequest(bufferOf(block.der));
  const fields: DecodedField[] = [
    { name: 'Subject', value: csr.subject },
    { name: 'Signature algorithm', value: describeSignature(csr.signatureAlgorithm) },
    { name: 'Public key', value: describeKey(csr.publicKey) },
    // Proof of possession (RFC 2986 §3): the request is signed with the key it carries.
    { name: 'Signature', value: (await csr.verify(crypto)) ? 'valid' : 'invalid' },
    { name: 'SHA-256 fingerprint', value: colonHex(await crypto.subtle.digest('SHA-256', bufferOf(block.der))) },
  ];
  return { kind: 'csr', format: block.format, label: block.label, fields, extensions: csr.extensions.map(describeExtension), revoked: [], pem: pemOf(PEM_LABELS.csr, block.der) };
}

function decodeCrl(block: DecodeBlock): DecodedObject {
  const crl = new x509.X509Crl(bufferOf(block.der));
  const fields: DecodedField[] = [
    { name: 'Issuer', value: crl.issuer },
    { name: 'This update', value: formatDate(crl.thisUpdate) },
    { name: 'Next update', value: crl.nextUpdate ? formatDate(crl.nextUpdate) : 'none' },
    { name: 'Signature algorithm', value: describeSignature(crl.signatureAlgorithm) },
    { name: 'Revoked certificates', value: String(crl.entries.length) },
  ];
  const revoked = crl.entries.map((entry) => ({
    serialNumber: colonHex(entry.serialNumber),
    revocationDate: formatDate(entry.revocationDate),
    reason: entry.reason === undefined ? null : (CRL_REASONS[entry.reason] ?? String(entry.reason)),
  }));
  return { kind: 'crl', format: block.format, label: block.label, fields, extensions: crl.extensions.map(describeExtension), revoked, pem: pemOf(PEM_LABELS.crl, block.der) };
}

const DECODERS: Record<DecodedKind, (block: DecodeBlock) => DecodedObject | Promise<DecodedObject>> = {
  certificate: decodeCertificate,
  csr: decodeCsr,
  crl: decodeCrl,
};

/** A block as the kind its label names, or, for bare DER / hex / base64, the first kind that parses. */
async function decodeBlock(block: DecodeBlock): Promise<DecodedObject> {
  const kinds: DecodedKind[] = block.kind === null ? ['certificate', 'csr', 'crl'] : [block.kind];
  let lastError: unknown;
  for (const kind of kinds) {
    try {
      return await DECODERS[kind]({ ...block, kind });
    } catch (error) {
      lastError = error;
    }
  }
  throw new ValidationError('content', PKI_MESSAGES.DECODE_FAILED, { cause: lastError, exact: true });
}

/**
 * Decodes every certificate, CSR and CRL in the request. 400 VALIDATION on `content` with 'Failed to decode'
 * when nothing (or some block) does not parse, or with the file-size text over 10 MB.
 */
export async function decodePem(request: DecodePemRequest): Promise<DecodePemResponse> {
  const input = findDecodeBlocks(requestBytes(request));
  if (!input.ok) throw new ValidationError('content', input.message, { exact: true });
  const objects: DecodedObject[] = [];
  for (const block of input.blocks) objects.push(await decodeBlock(block));
  return { message: PKI_MESSAGES.DECODE_SUCCESS, objects };
}
