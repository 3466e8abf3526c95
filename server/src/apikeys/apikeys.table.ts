import type { Generated, Insertable, Selectable } from 'kysely';

/** `api_keys`: keys for the CLI and CI pipelines (issue 11). The token itself is never stored. */
export interface ApiKeysTable {
  id: Generated<string>;
  tenant_id: string;
  /** Public part of the token (16 hex digits): the row is found by it. */
  key_id: string;
  /** Unique per tenant, case-insensitively; audit events of the key carry it as actor. */
  name: string;
  /** SHA-256 (hex) of the whole token. */
  secret_hash: string;
  permissions: string[];
  created_by: string;
  created_at: Generated<Date>;
  expires_at: Date;
  /** Written at most once a minute per key. */
  last_used_at: Date | null;
}

/** An API key row. */
export type ApiKeyRow = Selectable<ApiKeysTable>;
/** A new API key row. */
export type NewApiKeyRow = Insertable<ApiKeysTable>;
