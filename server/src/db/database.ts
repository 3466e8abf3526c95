/** The Kysely `Database` interface, assembled from each area's `x.table.ts`. */
import type { Kysely, Transaction } from 'kysely';
import type { TenantsTable } from '../identity/tenants.table';
import type { UsersTable } from '../identity/users.table';
import type { RolesTable, UserRolesTable } from '../identity/roles.table';
import type { SessionsTable } from '../auth/sessions.table';
import type { AuditEventsTable } from '../monitoring/audit-events.table';
import type { PinRequirementsTable } from '../smartcards/pin-requirements.table';

/** Every table of the server's schema. */
export interface Database {
  tenants: TenantsTable;
  users: UsersTable;
  roles: RolesTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  audit_events: AuditEventsTable;
  pin_requirements: PinRequirementsTable;
}

/** The application's database handle. */
export type Db = Kysely<Database>;
/** A transaction on it. */
export type Trx = Transaction<Database>;
/** Either: repositories take whichever the caller holds. */
export type DbOrTrx = Kysely<Database> | Transaction<Database>;
