import type { Generated, Selectable } from 'kysely';

/** `allowed_domains`: the domains a tenant may have certificates for (admin-console §3 managed domain). */
export interface AllowedDomainsTable {
  id: Generated<string>;
  tenant_id: string;
  domain: string;
  created_at: Generated<Date>;
}

/** `acme_configs`: whether a template is served over ACME, and whether accounts need external account binding. */
export interface AcmeConfigsTable {
  template_id: string;
  tenant_id: string;
  enabled: Generated<boolean>;
  eab_required: Generated<boolean>;
  updated_at: Generated<Date>;
}

/** `acme_eab_keys`: external account binding keys (RFC 8555 §7.3.4), the HMAC key sealed. */
export interface AcmeEabKeysTable {
  id: string;
  tenant_id: string;
  template_id: string;
  hmac_key_sealed: string;
  account_id: string | null;
  created_at: Generated<Date>;
}

/** `acme_nonces`: issued replay nonces not yet used (RFC 8555 §6.5). */
export interface AcmeNoncesTable {
  nonce: string;
  expires_at: Date;
}

/** `acme_accounts` (RFC 8555 §7.1.2). */
export interface AcmeAccountsTable {
  id: Generated<string>;
  tenant_id: string;
  template_id: string;
  thumbprint: string;
  jwk: unknown;
  status: string;
  contact: unknown;
  eab_key_id: string | null;
  created_at: Generated<Date>;
}

/** `acme_orders` (RFC 8555 §7.1.3). */
export interface AcmeOrdersTable {
  id: Generated<string>;
  tenant_id: string;
  template_id: string;
  account_id: string;
  status: string;
  identifiers: unknown;
  expires_at: Date;
  certificate_id: string | null;
  error: unknown;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** `acme_authorizations` (RFC 8555 §7.1.4). */
export interface AcmeAuthorizationsTable {
  id: Generated<string>;
  order_id: string;
  tenant_id: string;
  identifier_value: string;
  wildcard: Generated<boolean>;
  status: string;
  expires_at: Date;
}

/** `acme_challenges` (RFC 8555 §7.1.5, §8). */
export interface AcmeChallengesTable {
  id: Generated<string>;
  authorization_id: string;
  type: string;
  token: string;
  status: string;
  validated_at: Date | null;
  error: unknown;
}

/** Rows. */
export type AcmeAccountRow = Selectable<AcmeAccountsTable>;
export type AcmeOrderRow = Selectable<AcmeOrdersTable>;
export type AcmeAuthorizationRow = Selectable<AcmeAuthorizationsTable>;
export type AcmeChallengeRow = Selectable<AcmeChallengesTable>;
