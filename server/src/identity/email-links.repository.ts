/** Kysely queries of `email_links` (registration and activation links). Every query is scoped to a tenant or a token id. */
import { sql } from 'kysely';
import type { DbOrTrx, Trx } from '../db/database';
import type { EmailLinkPurpose } from './email-links.table';

/** Stores a link's token hash. */
export async function insert(trx: Trx, row: { id: string; purpose: EmailLinkPurpose; tenantId: string; email: string; userId: string | null; expiresAt: Date }): Promise<void> {
  await trx
    .insertInto('email_links')
    .values({ id: row.id, purpose: row.purpose, tenant_id: row.tenantId, email: row.email, user_id: row.userId, expires_at: row.expiresAt })
    .execute();
}

/** An unused, unexpired link of the purpose; with `lock`, FOR UPDATE (use is single). */
export async function findUsable(db: DbOrTrx, id: string, purpose: EmailLinkPurpose, now: Date, options: { lock?: boolean } = {}) {
  let q = db
    .selectFrom('email_links')
    .select(['id', 'tenant_id', 'email', 'user_id'])
    .where('id', '=', id)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now);
  if (options.lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** Spends every open registration link of an address in a tenant (a new one, or the one used). */
export async function spendRegistrationLinks(trx: Trx, tenantId: string, email: string, now: Date): Promise<void> {
  await trx
    .updateTable('email_links')
    .set({ used_at: now })
    .where('tenant_id', '=', tenantId)
    .where('purpose', '=', 'register')
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .where('used_at', 'is', null)
    .execute();
}

/** Spends every open activation link of an account. */
export async function spendActivationLinks(trx: Trx, userId: string, now: Date): Promise<void> {
  await trx.updateTable('email_links').set({ used_at: now }).where('user_id', '=', userId).where('purpose', '=', 'activate').where('used_at', 'is', null).execute();
}

/** Does the tenant have an account with this e-mail address (any state, case-insensitive)? */
export async function emailTaken(db: DbOrTrx, tenantId: string, email: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('tenant_id', '=', tenantId).where(sql<string>`lower(email)`, '=', email.toLowerCase()).executeTakeFirst();
  return Boolean(row);
}
