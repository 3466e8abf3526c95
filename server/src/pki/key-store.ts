/**
 * Where CA private keys live (issue 12). The software store keeps the PKCS#8 key sealed with the server's
 * secret box (AES-256-GCM, platform/secret-box.ts: `TESSERA_SECRET_KEY` or `<dataDir>/secret.key` is the
 * key-encryption key), bound to the CA's id so a sealed key cannot be moved to another CA's row. An HSM
 * store (PKCS#11, later issue) implements the same interface with a key reference instead.
 */
import type { CaKeyAlgorithm } from '@tessera/domain';
import type { SecretBox } from '../platform/secret-box';
import { caAlgorithm, crypto } from './x509';

/** A key store: seals a key for storage and opens it for signing. */
export interface KeyStore {
  readonly kind: 'software' | 'hsm';
  /** What to store in the CA row for this private key. */
  seal(caId: string, privateKey: CryptoKey): Promise<string>;
  /** The signing key of a CA from its stored value. */
  open(caId: string, sealed: string, keyAlgorithm: CaKeyAlgorithm): Promise<CryptoKey>;
}

/** The software key store over a secret box, with opened keys cached in memory (signing is the hot path). */
export function softwareKeyStore(box: SecretBox): KeyStore {
  const cache = new Map<string, { sealed: string; key: Promise<CryptoKey> }>();
  return {
    kind: 'software',
    async seal(caId, privateKey) {
      const pkcs8 = Buffer.from(await crypto.subtle.exportKey('pkcs8', privateKey));
      return box.encrypt(pkcs8.toString('base64'), `ca-key:${caId}`);
    },
    open(caId, sealed, keyAlgorithm) {
      const hit = cache.get(caId);
      if (hit && hit.sealed === sealed) return hit.key;
      const key = (async () => {
        const pkcs8 = new Uint8Array(Buffer.from(box.decrypt(sealed, `ca-key:${caId}`), 'base64'));
        return crypto.subtle.importKey('pkcs8', pkcs8, caAlgorithm(keyAlgorithm).import, false, ['sign']);
      })();
      key.catch(() => cache.delete(caId));
      cache.set(caId, { sealed, key });
      return key;
    },
  };
}
