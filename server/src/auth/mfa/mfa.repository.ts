/** Kysely queries of `user_mfa` and `mfa_recovery_codes`. Every query is scoped to a tenant. */
import type { DbOrTrx, Trx } from '../../db/database';
import type { UserMfaRow } from './mfa.table';

/** The MFA row of a user; with `lock`, FOR UPDATE (a code check and its replay mark are one step). */
export async function find(db: DbOrTrx, tenantId: string, userId: string, options: { lock?: boolean } = {}): Promise<UserMfaRow | undefined> {
  let q = db.selectFrom('user_mfa').selectAll().where('tenant_id', '=', tenantId).where('user_id', '=', userId);
  if (options.lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** Stores a new, unconfirmed secret (replacing any earlier one). */
export async function setPendingSecret(trx: Trx, tenantId: string, userId: string, secretEncrypted: string): Promise<void> {
  await trx
    .insertInto('user_mfa')
    .values({ tenant_id: tenantId, user_id: userId, secret_encrypted: secretEncrypted, secret_confirmed: false, last_used_step: null })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ secret_encrypted: secretEncrypted, secret_confirmed: false, last_used_step: null, updated_at: new Date() }))
    .execute();
}

/** Marks a code step as used; with `confirm`, the secret is confirmed and MFA enabled. */
export async function markUsed(trx: Trx, userId: string, step: number, confirm: boolean): Promise<void> {
  await trx
    .updateTable('user_mfa')
    .set({ last_used_step: step, updated_at: new Date(), ...(confirm ? { secret_confirmed: true, enabled: true } : {}) })
    .where('user_id', '=', userId)
    .execute();
}

/** Turns MFA off for a user and forgets the secret. */
export async function clear(trx: Trx, tenantId: string, userId: string): Promise<void> {
  await trx.deleteFrom('user_mfa').where('tenant_id', '=', tenantId).where('user_id', '=', userId).execute();
  await trx.deleteFrom('mfa_recovery_codes').where('tenant_id', '=', tenantId).where('user_id', '=', userId).execute();
}

/** Replaces a user's recovery codes with these hashes (old codes stop working). */
export async function replaceRecoveryCodes(trx: Trx, tenantId: string, userId: string, hashes: string[]): Promise<void> {
  await trx.deleteFrom('mfa_recovery_codes').where('tenant_id', '=', tenantId).where('user_id', '=', userId).execute();
  if (hashes.length > 0) await trx.insertInto('mfa_recovery_codes').values(hashes.map((code_hash) => ({ tenant_id: tenantId, user_id: userId, code_hash }))).execute();
}

/** Uses an unused recovery code of the user; true when one matched (it is then spent). */
export async function useRecoveryCode(trx: Trx, tenantId: string, userId: string, hash: string, now: Date): Promise<boolean> {
  const row = await trx
    .updateTable('mfa_recovery_codes')
    .set({ used_at: now })
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Number of unused recovery codes. */
export async function remainingRecoveryCodes(db: DbOrTrx, tenantId: string, userId: string): Promise<number> {
  const row = await db
    .selectFrom('mfa_recovery_codes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
