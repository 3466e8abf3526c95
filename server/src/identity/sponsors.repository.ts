/** Kysely queries of `sponsors`. Every query is scoped to a tenant. */
import { sql } from 'kysely';
import type { DbOrTrx } from '../db/database';
import type { NewSponsorRow, SponsorRow, SponsorUpdate } from './sponsors.table';

/** A sponsor with the name, username and e-mail of its user. */
export interface SponsorWithUser extends SponsorRow {
  username: string;
  displayName: string;
  email: string;
}

function withUser(db: DbOrTrx, tenantId: string) {
  return db
    .selectFrom('sponsors')
    .innerJoin('users', 'users.id', 'sponsors.user_id')
    .selectAll('sponsors')
    .select([
      'users.username as username',
      'users.email as email',
      sql<string>`coalesce(nullif(btrim(users.given_name || ' ' || users.family_name), ''), users.username)`.as('displayName'),
    ])
    .where('sponsors.tenant_id', '=', tenantId);
}

/** A sponsor of the tenant by id, with its user. */
export async function findWithUser(db: DbOrTrx, tenantId: string, id: string): Promise<SponsorWithUser | undefined> {
  return withUser(db, tenantId).where('sponsors.id', '=', id).executeTakeFirst();
}

/** The sponsor row of a user of the tenant. */
export async function findByUser(db: DbOrTrx, tenantId: string, userId: string): Promise<SponsorRow | undefined> {
  return db.selectFrom('sponsors').selectAll().where('tenant_id', '=', tenantId).where('user_id', '=', userId).executeTakeFirst();
}

/** Every sponsor of the tenant, by display name. */
export async function all(db: DbOrTrx, tenantId: string): Promise<SponsorWithUser[]> {
  return withUser(db, tenantId).orderBy(sql`lower(users.username)`).execute();
}

/** Inserts a sponsor and returns the row. */
export async function insert(db: DbOrTrx, row: NewSponsorRow): Promise<SponsorRow> {
  return db.insertInto('sponsors').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Updates a sponsor of the tenant and returns the row. */
export async function update(db: DbOrTrx, tenantId: string, id: string, changes: SponsorUpdate): Promise<SponsorRow | undefined> {
  return db
    .updateTable('sponsors')
    .set({ ...changes, updated_at: sql<Date>`now()` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}
