/** Kysely queries of password changes and `password_reset_tokens`. Every query is scoped to a tenant. */
import { sql } from 'kysely';
import type { DbOrTrx, Trx } from '../../db/database';

/** Sets a user's password hash. */
export async function setPasswordHash(trx: Trx, tenantId: string, userId: string, hash: string, now: Date): Promise<void> {
  await trx.updateTable('users').set({ password_hash: hash, updated_at: now, failed_logins: 0 }).where('tenant_id', '=', tenantId).where('id', '=', userId).execute();
}

/** Enabled users of the tenant with this e-mail address (case-insensitive). */
export async function usersByEmail(db: DbOrTrx, tenantId: string, email: string): Promise<{ id: string; username: string; email: string }[]> {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'email'])
    .where('tenant_id', '=', tenantId)
    .where('enabled', '=', true)
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .execute();
}

/** Stores a reset token hash. */
export async function insertToken(trx: Trx, row: { id: string; tenantId: string; userId: string; expiresAt: Date }): Promise<void> {
  await trx.insertInto('password_reset_tokens').values({ id: row.id, tenant_id: row.tenantId, user_id: row.userId, expires_at: row.expiresAt }).execute();
}

/** An unused, unexpired token with its user; with `lock`, FOR UPDATE (use is single). */
export async function findUsableToken(db: DbOrTrx, id: string, now: Date, options: { lock?: boolean } = {}) {
  let q = db
    .selectFrom('password_reset_tokens')
    .innerJoin('users', 'users.id', 'password_reset_tokens.user_id')
    .select(['password_reset_tokens.id', 'password_reset_tokens.tenant_id', 'password_reset_tokens.user_id', 'users.username', 'users.email', 'users.given_name', 'users.family_name'])
    .where('password_reset_tokens.id', '=', id)
    .where('password_reset_tokens.used_at', 'is', null)
    .where('password_reset_tokens.expires_at', '>', now)
    .where('users.enabled', '=', true)
    .whereRef('users.tenant_id', '=', 'password_reset_tokens.tenant_id');
  if (options.lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** Spends every open token of a user (the one used, and any other sent earlier). */
export async function spendTokensOfUser(trx: Trx, userId: string, now: Date): Promise<void> {
  await trx.updateTable('password_reset_tokens').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}
