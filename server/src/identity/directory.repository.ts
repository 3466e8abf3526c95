/** Kysely queries of the directory connection and of the users a directory sync reads and writes. */
import { sql } from 'kysely';
import type { DbOrTrx, Trx } from '../db/database';
import type { DirectoryConnectionRow } from './directory.table';
import type { NewUserRow, UserUpdate } from './users.table';

/** The tenant's connection. */
export async function find(db: DbOrTrx, tenantId: string): Promise<DirectoryConnectionRow | undefined> {
  return db.selectFrom('directory_connections').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst();
}

/** Creates or replaces the tenant's connection. */
export async function upsert(trx: Trx, row: Omit<DirectoryConnectionRow, 'last_sync_at' | 'updated_at'>): Promise<void> {
  await trx
    .insertInto('directory_connections')
    .values(row)
    .onConflict((oc) =>
      oc.column('tenant_id').doUpdateSet({
        kind: row.kind,
        url: row.url,
        bind_dn: row.bind_dn,
        bind_password_sealed: row.bind_password_sealed,
        base_dn: row.base_dn,
        user_filter: row.user_filter,
        updated_at: sql<Date>`now()`,
      }),
    )
    .execute();
}

/** Records the time of a sync. */
export async function markSynced(trx: Trx, tenantId: string): Promise<void> {
  await trx.updateTable('directory_connections').set({ last_sync_at: sql<Date>`now()` }).where('tenant_id', '=', tenantId).execute();
}

/** Which of these DNs (lower-cased) a user of the tenant is linked to. */
export async function linkedDns(db: DbOrTrx, tenantId: string, dns: string[]): Promise<Set<string>> {
  if (dns.length === 0) return new Set();
  const rows = await db
    .selectFrom('users')
    .select(sql<string>`lower(directory_dn)`.as('dn'))
    .where('tenant_id', '=', tenantId)
    .where(sql<string>`lower(directory_dn)`, 'in', dns.map((dn) => dn.toLowerCase()))
    .execute();
  return new Set(rows.map((row) => row.dn));
}

/** The fields of the tenant's users a sync compares (every user: usernames of local accounts are taken). */
export async function usersForSync(trx: Trx, tenantId: string) {
  return trx
    .selectFrom('users')
    .select(['id', 'username', 'directory_dn', 'given_name', 'family_name', 'email', 'telephone', 'enabled'])
    .where('tenant_id', '=', tenantId)
    .forUpdate()
    .execute();
}

/** A user a sync creates. */
export type NewDirectoryUser = NewUserRow & { directory_dn: string };

/** Changes a synced user. */
export async function updateUser(trx: Trx, id: string, update: UserUpdate): Promise<void> {
  await trx.updateTable('users').set({ ...update, updated_at: sql<Date>`now()` }).where('id', '=', id).execute();
}

/** Inserts synced users, a thousand rows a statement. */
export async function insertUsers(trx: Trx, rows: NewDirectoryUser[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 1000) {
    await trx.insertInto('users').values(rows.slice(start, start + 1000)).execute();
  }
}
