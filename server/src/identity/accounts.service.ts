/**
 * The identity area's service for the sign-in area (auth/): the user and tenant reads and sign-in
 * counters it needs, so that auth never reaches into identity's repositories or tables.
 */
import type { DbOrTrx } from '../db/database';
import * as usersRepository from './users.repository';
import * as tenantsRepository from './tenants.repository';

export type { TenantRow } from './tenants.table';
export type { UserRow } from './users.table';

/** Users as sign-in sees them. */
export const users = Object.freeze({
  /** A user of the tenant by id. */
  findById: (db: DbOrTrx, tenantId: string, id: string) => usersRepository.findById(db, tenantId, id),
  /** Counts a failed sign-in on the account. */
  recordFailedLogin: (db: DbOrTrx, id: string) => usersRepository.recordFailedLogin(db, id),
  /** Records a successful sign-in. */
  recordSuccessfulLogin: (db: DbOrTrx, id: string, at: Date) => usersRepository.recordSuccessfulLogin(db, id, at),
});

/** Tenants as sign-in sees them. */
export const tenants = Object.freeze({
  /** A tenant by id. */
  findById: (db: DbOrTrx, id: string) => tenantsRepository.findById(db, id),
  /** The default tenant. */
  findDefault: (db: DbOrTrx) => tenantsRepository.findDefault(db),
});
