/** What the PKI and certificate services need from the app (built once per app by the routes). */
import type { Db } from '../db/database';
import type { AuditWriter } from '../platform/audit';
import type { KeyStore } from './key-store';

/** Dependencies of the PKI services. */
export interface PkiDeps {
  db: Db;
  audit: AuditWriter;
  /** Epoch ms. */
  now: () => number;
  keyStore: KeyStore;
  /** Public origin the AIA, CRL DP and OCSP URLs of issued certificates point at (no trailing slash). */
  publicUrl: string;
}
