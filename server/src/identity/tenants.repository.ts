/** Kysely queries of the `tenants` table. */
import type { DbOrTrx } from '../db/database';
import { tenantForHostQuery } from '../platform/tenant-of-host';
import type { NewTenantRow, TenantRow, TenantUpdate } from './tenants.table';

/** The tenant whose `domains` holds `hostname`, else the default tenant; undefined before bootstrap. */
export async function findForHost(db: DbOrTrx, hostname: string): Promise<TenantRow | undefined> {
  return tenantForHostQuery(db, hostname).executeTakeFirst();
}

/** The default tenant. */
export async function findDefault(db: DbOrTrx): Promise<TenantRow | undefined> {
  return db.selectFrom('tenants').selectAll().where('is_default', '=', true).executeTakeFirst();
}

/** A tenant by id. */
export async function findById(db: DbOrTrx, id: string): Promise<TenantRow | undefined> {
  return db.selectFrom('tenants').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts a tenant and returns it. */
export async function insert(db: DbOrTrx, row: NewTenantRow): Promise<TenantRow> {
  return db.insertInto('tenants').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Changes a tenant and returns it; undefined when the id is unknown. */
export async function update(db: DbOrTrx, id: string, changes: TenantUpdate): Promise<TenantRow | undefined> {
  return db.updateTable('tenants').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
}
