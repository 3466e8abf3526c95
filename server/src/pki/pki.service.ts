/**
 * The PKI area's surface for other areas (server/CONTEXT.md: areas import each other only through
 * `*.service.ts`): the services' dependencies, built once per app.
 */
import type { FastifyInstance } from 'fastify';
import { publicConsoleUrl } from '../platform/public-url';
import { secretBoxFor } from '../platform/secret-box';
import { softwareKeyStore, type KeyStore } from './key-store';
import type { PkiDeps } from './pki.deps';

const keyStores = new WeakMap<object, KeyStore>();

/** The PKI dependencies of an app (one key store per secret box, so opened keys are cached once). */
export function pkiDepsOf(app: FastifyInstance): PkiDeps {
  const box = secretBoxFor(app.config);
  let keyStore = keyStores.get(box);
  if (!keyStore) {
    keyStore = softwareKeyStore(box);
    keyStores.set(box, keyStore);
  }
  return { db: app.db, audit: app.audit, now: () => app.now(), keyStore, publicUrl: publicConsoleUrl(app.config) };
}

export type { PkiDeps } from './pki.deps';
export { x509, randomSerial, signatureAlgorithmName } from './x509';
export { CERT_READ_PERMISSIONS } from './pki.permissions';
