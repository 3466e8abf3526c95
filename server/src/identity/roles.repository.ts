/** Kysely queries of `roles`. Every query is scoped to a tenant. */
import { sql } from 'kysely';
import type { DbOrTrx } from '../db/database';
import type { NewRoleRow, RoleRow, RoleUpdate } from './roles.table';
import { likePattern } from '../platform/like-pattern';

/** A page of the tenant's roles and the total. */
export async function list(db: DbOrTrx, tenantId: string, q: { skip: number; take: number; search?: string }): Promise<{ total: number; rows: RoleRow[] }> {
  let base = db.selectFrom('roles').where('tenant_id', '=', tenantId);
  if (q.search) base = base.where('name', 'ilike', likePattern(q.search));
  const [{ total }, rows] = await Promise.all([
    base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
    base.selectAll().orderBy('name').orderBy('id').offset(q.skip).limit(q.take).execute(),
  ]);
  return { total, rows };
}

/** A role of the tenant by id. */
export async function findById(db: DbOrTrx, tenantId: string, id: string): Promise<RoleRow | undefined> {
  return db.selectFrom('roles').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

/** A role of the tenant by name (case-insensitive). */
export async function findByName(db: DbOrTrx, tenantId: string, name: string): Promise<RoleRow | undefined> {
  return db.selectFrom('roles').selectAll().where('tenant_id', '=', tenantId).where(sql<string>`lower(name)`, '=', name.toLowerCase()).executeTakeFirst();
}

/** Which of these ids are roles of the tenant. */
export async function existingIds(db: DbOrTrx, tenantId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('roles').select('id').where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

/** Inserts a role and returns it. */
export async function insert(db: DbOrTrx, row: NewRoleRow): Promise<RoleRow> {
  return db.insertInto('roles').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Updates a role of the tenant and returns it. */
export async function update(db: DbOrTrx, tenantId: string, id: string, changes: RoleUpdate): Promise<RoleRow | undefined> {
  return db
    .updateTable('roles')
    .set({ ...changes, updated_at: sql<Date>`now()` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** The tenant's roles among these ids. */
export async function findByIds(db: DbOrTrx, tenantId: string, ids: readonly string[]): Promise<RoleRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('roles').selectAll().where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
}
