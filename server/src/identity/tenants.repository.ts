/** Kysely queries of the `tenants` table. */
import { sql } from 'kysely';
import type { DbOrTrx } from '../db/database';
import type { NewTenantRow, TenantRow, TenantUpdate } from './tenants.table';

/** The host of a request's `Host` header as tenants list it: lower case, without the port. */
export function hostOf(hostHeader: string): string {
  return hostHeader.replace(/:\d+$/, '').toLowerCase();
}

/**
 * The query of the tenant a host name belongs to: the one whose `domains` holds it, else the default
 * one (at most one row). Sign-in uses it as a CTE of its one read (auth/sign-in.repository.ts).
 */
export function tenantForHostQuery(db: DbOrTrx, hostname: string) {
  const host = hostOf(hostname);
  return db
    .selectFrom('tenants')
    .selectAll()
    .where((eb) => eb.or([eb('is_default', '=', true), eb(eb.val(host), '=', eb.fn.any('domains'))]))
    .orderBy(sql`(${host} = any(domains))`, 'desc')
    .limit(1);
}

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
