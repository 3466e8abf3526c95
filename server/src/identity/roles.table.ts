import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** `roles`: a permission list and a blacklist (admin-console §6), per tenant. */
export interface RolesTable {
  id: Generated<string>;
  tenant_id: string;
  name: string;
  permissions: Generated<string[]>;
  blacklist: Generated<string[]>;
  is_manager: Generated<boolean>;
  /** Built-in role holding every permission of domain's catalog at read time (platform/access.ts). */
  builtin_all: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** `user_roles`: which user holds which role. */
export interface UserRolesTable {
  user_id: string;
  role_id: string;
}

/** A role row. */
export type RoleRow = Selectable<RolesTable>;
/** A new role row. */
export type NewRoleRow = Insertable<RolesTable>;
/** Changes to a role row. */
export type RoleUpdate = Updateable<RolesTable>;
