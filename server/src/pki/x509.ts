/**
 * @peculiar/x509 over node's WebCrypto (issue 12: no hand-written ASN.1). Importing this module only binds
 * the library to `node:crypto`'s webcrypto (the library needs `reflect-metadata` loaded first); it starts nothing.
 */
import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import type { CaKeyAlgorithm } from '@tessera/domain';

x509.cryptoProvider.set(webcrypto as unknown as Crypto);

export { x509 };
/** node's WebCrypto, typed as the DOM one the library expects. */
export const crypto = webcrypto as unknown as Crypto;

/** Key generation and signing parameters of a CA key algorithm (SHA-384 for P-384: CA/B BR §7.1.3.2). */
export function caAlgorithm(keyAlgorithm: CaKeyAlgorithm): { generate: RsaHashedKeyGenParams | EcKeyGenParams; signing: RsaHashedImportParams | EcdsaParams; import: RsaHashedImportParams | EcKeyImportParams } {
  switch (keyAlgorithm) {
    case 'P-256':
      return { generate: { name: 'ECDSA', namedCurve: 'P-256' }, signing: { name: 'ECDSA', hash: 'SHA-256' }, import: { name: 'ECDSA', namedCurve: 'P-256' } };
    case 'P-384':
      return { generate: { name: 'ECDSA', namedCurve: 'P-384' }, signing: { name: 'ECDSA', hash: 'SHA-384' }, import: { name: 'ECDSA', namedCurve: 'P-384' } };
    default: {
      const modulusLength = Number(keyAlgorithm.slice(4));
      const rsa = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' };
      return { generate: { ...rsa, modulusLength, publicExponent: new Uint8Array([1, 0, 1]) }, signing: rsa, import: rsa };
    }
  }
}

/** The CA key algorithm of a public key, or null when Tessera does not sign with it. */
export function caKeyAlgorithmOf(algorithm: KeyAlgorithm): CaKeyAlgorithm | null {
  if (algorithm.name === 'ECDSA') {
    const curve = (algorithm as EcKeyAlgorithm).namedCurve;
    return curve === 'P-256' || curve === 'P-384' ? curve : null;
  }
  if (algorithm.name === 'RSASSA-PKCS1-v1_5' || algorithm.name === 'RSA-PSS') {
    const bits = (algorithm as RsaHashedKeyAlgorithm).modulusLength;
    return bits === 2048 || bits === 3072 || bits === 4096 ? (`RSA-${bits}` as CaKeyAlgorithm) : null;
  }
  return null;
}

/** A random positive serial of 16 bytes, lower-case hex (CA/B BR §7.1: at least 64 bits of CSPRNG output). */
export function randomSerial(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  // Positive, 16 bytes long (RFC 5280 §4.1.2.2: at most 20 octets), and a first hex digit that is not 0: the
  // tables keep serials as lower-case hex without leading zeros, the form every lookup (OCSP, certId) uses.
  bytes[0] = (bytes[0]! & 0x7f) | 0x10;
  return Buffer.from(bytes).toString('hex');
}

/** A name for signature algorithms as people read them. */
export function signatureAlgorithmName(algorithm: { name: string; hash?: { name: string } | string }): string {
  const hash = typeof algorithm.hash === 'string' ? algorithm.hash : algorithm.hash?.name ?? '';
  const h = hash.replace('-', '');
  if (algorithm.name === 'ECDSA') return `ecdsa-with-${h}`;
  if (algorithm.name === 'RSASSA-PKCS1-v1_5') return `${h.toLowerCase()}WithRSAEncryption`;
  return `${algorithm.name}${h ? `-${h}` : ''}`;
}
