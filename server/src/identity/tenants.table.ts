import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** `tenants`: one row per tenancy. Exactly one has `is_default`. */
export interface TenantsTable {
  id: Generated<string>;
  name: string;
  is_default: Generated<boolean>;
  /** Host names whose requests belong to this tenant. */
  domains: Generated<string[]>;
  banner_colour: string | null;
  toastr_timeout: number | null;
  support_email: string;
  disclaimer: string | null;
  /** Optional extra username rule (a regular expression source). */
  username_pattern: string | null;
  /** IANA time zone of the tenant (pass validity days, admin-console §5); default UTC. */
  time_zone: Generated<string>;
  /** Every user of the tenant must sign in with TOTP (issue 4). */
  mfa_required: Generated<boolean>;
  /** Anyone may register an account with a verified e-mail address (issue 13, `/register`); off by default. */
  self_registration: Generated<boolean>;
  created_at: Generated<Date>;
}

/** A tenant row. */
export type TenantRow = Selectable<TenantsTable>;
/** A new tenant row. */
export type NewTenantRow = Insertable<TenantsTable>;
/** Changes to a tenant row. */
export type TenantUpdate = Updateable<TenantsTable>;
