/** Kysely queries of locales; every one takes the tenant id. */
import type { DbOrTrx } from '../db/database';
import type { LocaleRow } from './locales.table';

/** Every locale of the tenant, by level then name. */
export function list(db: DbOrTrx, tenantId: string): Promise<LocaleRow[]> {
  return db.selectFrom('locales').selectAll().where('tenant_id', '=', tenantId).orderBy('name').execute();
}

/** One locale of the tenant. */
export function findById(db: DbOrTrx, tenantId: string, id: string): Promise<LocaleRow | undefined> {
  return db.selectFrom('locales').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

/** Whether a locale of the tenant with this name (any case) sits under the same parent. */
export async function nameTaken(db: DbOrTrx, tenantId: string, parentId: string | null, name: string, exceptId?: string): Promise<boolean> {
  let query = db.selectFrom('locales').select('id').where('tenant_id', '=', tenantId).where((eb) => eb.fn('lower', ['name']), '=', name.toLowerCase());
  query = parentId === null ? query.where('parent_id', 'is', null) : query.where('parent_id', '=', parentId);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Inserts a locale. */
export function insert(db: DbOrTrx, row: { tenant_id: string; level: string; name: string; parent_id: string | null }): Promise<LocaleRow> {
  return db.insertInto('locales').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Renames a locale. */
export function rename(db: DbOrTrx, tenantId: string, id: string, name: string): Promise<LocaleRow | undefined> {
  return db.updateTable('locales').set({ name }).where('tenant_id', '=', tenantId).where('id', '=', id).returningAll().executeTakeFirst();
}

/** Whether a locale holds others. */
export async function hasChildren(db: DbOrTrx, id: string): Promise<boolean> {
  return (await db.selectFrom('locales').select('id').where('parent_id', '=', id).executeTakeFirst()) !== undefined;
}

/** Deletes a locale. */
export async function remove(db: DbOrTrx, tenantId: string, id: string): Promise<void> {
  await db.deleteFrom('locales').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}
