import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** `organisations`: per tenant, unique by lower(name); a type, an optional parent, per-organisation permissions (admin-console §3, §6). */
export interface OrganisationsTable {
  id: Generated<string>;
  tenant_id: string;
  name: string;
  type: Generated<string>;
  parent_id: string | null;
  business_number: string | null;
  /** The verifier that accepted the business number (e.g. `abn`). */
  business_number_scheme: string | null;
  business_number_verified_at: Date | null;
  permissions: Generated<string[]>;
  blacklist: Generated<string[]>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** An organisation row. */
export type OrganisationRow = Selectable<OrganisationsTable>;
/** A new organisation row. */
export type NewOrganisationRow = Insertable<OrganisationsTable>;
/** Changes to an organisation row. */
export type OrganisationUpdate = Updateable<OrganisationsTable>;
