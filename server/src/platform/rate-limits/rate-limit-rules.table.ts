import type { ColumnType, Generated } from 'kysely';

/** `rate_limit_rules`: one row per rule (issue 14); layer 0 rows belong to a tenant, the others are global. */
export interface RateLimitRulesTable {
  id: Generated<string>;
  /** Owner of a tenant-layer rule; null for the management layers. */
  owner_tenant_id: string | null;
  layer: number;
  stage: number;
  /** Order within its layer and stage, as the config listed it. */
  position: number;
  tenant_id: string;
  user_id: string;
  method: string;
  endpoint: string;
  period_seconds: number;
  rate: ColumnType<string, number, number>;
  burst: ColumnType<string, number, number>;
  max_data_bytes: ColumnType<string, number, number>;
}

/** `rate_limit_seeded_defaults`: the default rules (by key) this installation has been given once. */
export interface RateLimitSeededDefaultsTable {
  key: string;
  seeded_at: Generated<Date>;
}

/** `rate_limit_state`: the one version row instances poll. */
export interface RateLimitStateTable {
  id: number;
  version: ColumnType<string, number, number>;
  updated_at: Generated<Date>;
}
