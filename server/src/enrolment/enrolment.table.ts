import type { ColumnType, Generated } from 'kysely';

/** jsonb column: written as JSON text, read as the value. */
type Json<T> = ColumnType<T, string, string>;

/** `scep_challenges`: one-time SCEP challenge passwords (issue 17). */
export interface ScepChallengesTable {
  id: Generated<string>;
  tenant_id: string;
  template_id: string;
  /** SHA-256 (hex) of the password. */
  password_hash: string;
  /** SecretBox-sealed password until its one fetch. Never logged. */
  password_sealed: string | null;
  created_by: string | null;
  created_at: Generated<Date>;
  expires_at: Date;
  fetched_at: Date | null;
  used_at: Date | null;
}

/** `scep_ra`: the RA certificate of a CA and its sealed RSA key (PKCS#8). */
export interface ScepRaTable {
  ca_id: string;
  certificate_pem: string;
  sealed_key: string;
  created_at: Generated<Date>;
}

/** `scep_transactions`: SCEP transactionID → certificate request, for CertPoll. */
export interface ScepTransactionsTable {
  template_id: string;
  transaction_id: string;
  tenant_id: string;
  request_id: string;
  /** The CSR (base64) of a request Intune validated that waits for an approval: its outcome is notified on a later poll. */
  intune_pending_csr: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Generated<Date>;
}

/** `intune_scep_configs`: a tenant's Intune SCEP challenge validation settings. */
export interface IntuneScepConfigsTable {
  tenant_id: string;
  enabled: Generated<boolean>;
  azure_tenant_id: Generated<string>;
  application_id: Generated<string>;
  verification_certificate_pem: Generated<string>;
  template_ids: Json<string[]>;
  updated_at: Generated<Date>;
  /** The application's client secret, sealed (SecretBox); null when not set. */
  client_secret_sealed: string | null;
  authority_url: Generated<string>;
  graph_url: Generated<string>;
}
