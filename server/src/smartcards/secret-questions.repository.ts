/** Kysely access to `secret_questions`, `secret_question_links` and `secret_question_policies`. Every query takes the tenant or a token id. */
import type { DbOrTrx, Trx } from '../db/database';
import type { SecretQuestionsRow, StoredSecretQuestion } from './secret-questions.table';

/** The user's set, or undefined; with `lock`, FOR UPDATE. */
export async function findSet(db: DbOrTrx, tenantId: string, userId: string, options: { lock?: boolean } = {}): Promise<SecretQuestionsRow | undefined> {
  let q = db.selectFrom('secret_questions').selectAll().where('tenant_id', '=', tenantId).where('user_id', '=', userId);
  if (options.lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** Stores the user's set (insert only: false when one exists already). */
export async function insertSet(trx: Trx, row: { tenantId: string; userId: string; clientSalt: string; version: number; questions: StoredSecretQuestion[] }): Promise<boolean> {
  const result = await trx
    .insertInto('secret_questions')
    .values({ tenant_id: row.tenantId, user_id: row.userId, client_salt: row.clientSalt, version: row.version, questions: JSON.stringify(row.questions) })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Replaces the user's set. */
export async function replaceSet(trx: Trx, row: { tenantId: string; userId: string; clientSalt: string; version: number; questions: StoredSecretQuestion[]; now: Date }): Promise<void> {
  const values = { client_salt: row.clientSalt, version: row.version, questions: JSON.stringify(row.questions) };
  await trx
    .insertInto('secret_questions')
    .values({ tenant_id: row.tenantId, user_id: row.userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...values, updated_at: row.now }))
    .execute();
}

/** Stores a reset link's token hash. */
export async function insertLink(trx: Trx, row: { id: string; tenantId: string; userId: string; expiresAt: Date }): Promise<void> {
  await trx.insertInto('secret_question_links').values({ id: row.id, tenant_id: row.tenantId, user_id: row.userId, expires_at: row.expiresAt }).execute();
}

/** An unused, unexpired link with its user; with `lock`, FOR UPDATE (use is single). */
export async function findUsableLink(db: DbOrTrx, id: string, now: Date, options: { lock?: boolean } = {}) {
  let q = db
    .selectFrom('secret_question_links as l')
    .innerJoin('users as u', (j) => j.onRef('u.id', '=', 'l.user_id').onRef('u.tenant_id', '=', 'l.tenant_id'))
    .select(['l.id', 'l.tenant_id', 'l.user_id', 'u.username'])
    .where('l.id', '=', id)
    .where('l.used_at', 'is', null)
    .where('l.expires_at', '>', now);
  if (options.lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** Spends every open link of a user (a new one, or the one used). */
export async function spendLinksOfUser(trx: Trx, userId: string, now: Date): Promise<void> {
  await trx.updateTable('secret_question_links').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

/** Does the tenant require secret questions before a card is issued? */
export async function isRequired(db: DbOrTrx, tenantId: string): Promise<boolean> {
  const row = await db.selectFrom('secret_question_policies').select('required').where('tenant_id', '=', tenantId).executeTakeFirst();
  return row?.required ?? false;
}

/** Sets the tenant's rule. */
export async function setRequired(trx: Trx, tenantId: string, required: boolean, now: Date): Promise<void> {
  await trx
    .insertInto('secret_question_policies')
    .values({ tenant_id: tenantId, required })
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ required, updated_at: now }))
    .execute();
}
