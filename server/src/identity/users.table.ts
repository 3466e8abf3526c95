import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** A JSON document column (one per signin §3 field category); validated by the route schema before it is written. */
export type JsonDocument = ColumnType<Record<string, unknown>, Record<string, unknown> | string | undefined, Record<string, unknown> | string>;

/** `users`: accounts, unique per tenant by lower(username). */
export interface UsersTable {
  id: Generated<string>;
  tenant_id: string;
  username: string;
  /** argon2id PHC string; never leaves the server. */
  password_hash: string;
  given_name: Generated<string>;
  family_name: Generated<string>;
  email: Generated<string>;
  telephone: string | null;
  /** The user's organisation (was free text before issue 13). */
  organisation_id: string | null;
  /** Blank by default. */
  country: Generated<string>;
  /** Directory user data (admin-console §3). */
  csn: string | null;
  temp_csn: string | null;
  temp_csn_expiry: Date | null;
  pager: string | null;
  uid: string | null;
  /** The directory entry this user is synced from (issue 13 LDAP sync); null for a local account. */
  directory_dn: string | null;
  /** The sponsor who approves this user, and the approval state. */
  sponsor_id: string | null;
  sponsor_status: 'pending' | 'approved' | 'rejected' | null;
  /** signin §3 field categories, one JSON document each. */
  personal: JsonDocument;
  organisation_details: JsonDocument;
  pass_type: JsonDocument;
  privileges: JsonDocument;
  medical: JsonDocument;
  vehicles: JsonDocument;
  enabled: Generated<boolean>;
  failed_logins: Generated<number>;
  last_successful_login: Date | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** A user row. */
export type UserRow = Selectable<UsersTable>;
/** A new user row. */
export type NewUserRow = Insertable<UsersTable>;
/** Changes to a user row. */
export type UserUpdate = Updateable<UsersTable>;
