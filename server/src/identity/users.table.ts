import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

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
  organisation: string | null;
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
