/** Kysely queries of `api_keys`. Every query of a tenant's keys takes the tenant id. */
import { sql } from 'kysely';
import type { DbOrTrx } from '../db/database';
import type { ApiKeyRow, NewApiKeyRow } from './apikeys.table';

/** A key row with its creator's username. */
export type ApiKeyWithCreator = ApiKeyRow & { created_by_username: string | null };

/** The tenant's keys, newest first, with the creator's username. */
export async function listForTenant(db: DbOrTrx, tenantId: string): Promise<ApiKeyWithCreator[]> {
  return db
    .selectFrom('api_keys')
    .leftJoin('users', 'users.id', 'api_keys.created_by')
    .selectAll('api_keys')
    .select('users.username as created_by_username')
    .where('api_keys.tenant_id', '=', tenantId)
    .orderBy('api_keys.created_at', 'desc')
    .orderBy('api_keys.name')
    .execute();
}

/** A key of the tenant by row id; undefined for an unknown id or another tenant's key. */
export async function findById(db: DbOrTrx, tenantId: string, id: string): Promise<ApiKeyRow | undefined> {
  return db.selectFrom('api_keys').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

/** A key of the tenant by name (case-insensitive). */
export async function findByName(db: DbOrTrx, tenantId: string, name: string): Promise<ApiKeyRow | undefined> {
  return db
    .selectFrom('api_keys')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst();
}

/** A key by its public key id, whatever its tenant (the token names no tenant). */
export async function findByKeyId(db: DbOrTrx, keyId: string): Promise<ApiKeyRow | undefined> {
  return db.selectFrom('api_keys').selectAll().where('key_id', '=', keyId).executeTakeFirst();
}

/** Stores a new key. */
export async function insert(db: DbOrTrx, row: NewApiKeyRow): Promise<ApiKeyRow> {
  return db.insertInto('api_keys').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Deletes a key of the tenant; the deleted row, or undefined. */
export async function remove(db: DbOrTrx, tenantId: string, id: string): Promise<ApiKeyRow | undefined> {
  return db.deleteFrom('api_keys').where('tenant_id', '=', tenantId).where('id', '=', id).returningAll().executeTakeFirst();
}

/**
 * Records a use at `at` unless one was recorded less than `intervalMs` before: the condition is in
 * the UPDATE so several instances write at most once per interval between them.
 */
export async function touch(db: DbOrTrx, id: string, at: Date, intervalMs: number): Promise<void> {
  const before = new Date(at.getTime() - intervalMs);
  await db
    .updateTable('api_keys')
    .set({ last_used_at: at })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', before)]))
    .execute();
}
