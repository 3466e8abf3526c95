import type { ColumnType, Generated } from 'kysely';

/** `acme_client_accounts`: an account the console holds at an ACME server (the private JWK sealed). */
export interface AcmeClientAccountsTable {
  id: Generated<string>;
  tenant_id: string;
  directory_url: string;
  account_url: string | null;
  key_sealed: string;
  created_at: Generated<Date>;
}

/** `acme_client_runs`: one run of the ACME order flow (admin-console §4) with its steps. */
export interface AcmeClientRunsTable {
  id: Generated<string>;
  tenant_id: string;
  directory_url: string;
  domain: string;
  state: Generated<string>;
  /** AcmeClientStepProgress[] (JSON). */
  steps: ColumnType<unknown, string, string>;
  error: string | null;
  order_url: string | null;
  certificate_id: string | null;
  cert_id: string | null;
  chain_pem: string | null;
  key_sealed: string | null;
  requested_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** `acme_client_http01`: the http-01 answers served at /.well-known/acme-challenge/{token} while a run validates. */
export interface AcmeClientHttp01Table {
  token: string;
  run_id: string;
  key_authorization: string;
  expires_at: Date;
}
