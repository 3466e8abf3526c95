/** Kysely queries of `webauthn_credentials` and `webauthn_challenges`. Credentials are scoped to a tenant. */
import type { DbOrTrx, Trx } from '../../db/database';
import type { WebauthnCredentialRow } from './passkeys.table';

/** Stores a challenge (its SHA-256) and drops expired ones. */
export async function insertChallenge(trx: DbOrTrx, row: { id: string; kind: 'registration' | 'authentication'; tenantId: string | null; userId: string | null; expiresAt: Date }, now: Date): Promise<void> {
  await trx.deleteFrom('webauthn_challenges').where('expires_at', '<=', now).execute();
  await trx.insertInto('webauthn_challenges').values({ id: row.id, kind: row.kind, tenant_id: row.tenantId, user_id: row.userId, expires_at: row.expiresAt }).execute();
}

/** Takes a challenge: deletes it and returns it when it exists, has this kind and has not expired (single use). */
export async function consumeChallenge(trx: Trx, id: string, kind: 'registration' | 'authentication', now: Date) {
  const row = await trx.deleteFrom('webauthn_challenges').where('id', '=', id).returningAll().executeTakeFirst();
  if (!row || row.kind !== kind || row.expires_at.getTime() <= now.getTime()) return undefined;
  return row;
}

/** The credentials of a user of the tenant, oldest first. */
export async function listForUser(db: DbOrTrx, tenantId: string, userId: string): Promise<WebauthnCredentialRow[]> {
  return db.selectFrom('webauthn_credentials').selectAll().where('tenant_id', '=', tenantId).where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
}

/** A credential of the tenant by row id. */
export async function findById(db: DbOrTrx, tenantId: string, id: string): Promise<WebauthnCredentialRow | undefined> {
  return db.selectFrom('webauthn_credentials').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

/** A credential by its WebAuthn credential id (any tenant: the caller checks the tenant). */
export async function findByCredentialId(db: DbOrTrx, credentialId: string, options: { lock?: boolean } = {}): Promise<WebauthnCredentialRow | undefined> {
  let q = db.selectFrom('webauthn_credentials').selectAll().where('credential_id', '=', credentialId);
  if (options.lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** Stores a new credential. */
export async function insert(
  trx: Trx,
  row: { tenantId: string; userId: string; credentialId: string; publicKey: string; counter: number; transports: string[]; deviceType: string; backedUp: boolean; rpId: string; customName: string },
): Promise<WebauthnCredentialRow> {
  return trx
    .insertInto('webauthn_credentials')
    .values({
      tenant_id: row.tenantId,
      user_id: row.userId,
      credential_id: row.credentialId,
      public_key: row.publicKey,
      counter: row.counter,
      transports: row.transports,
      device_type: row.deviceType,
      backed_up: row.backedUp,
      rp_id: row.rpId,
      custom_name: row.customName,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** After a verified assertion: the new counter, backup state and time of use. */
export async function recordUse(trx: Trx, id: string, counter: number, backedUp: boolean, now: Date): Promise<void> {
  await trx.updateTable('webauthn_credentials').set({ counter, backed_up: backedUp, last_used_at: now }).where('id', '=', id).execute();
}

/** Renames a credential of the tenant. */
export async function rename(trx: Trx, tenantId: string, id: string, customName: string): Promise<WebauthnCredentialRow | undefined> {
  return trx.updateTable('webauthn_credentials').set({ custom_name: customName }).where('tenant_id', '=', tenantId).where('id', '=', id).returningAll().executeTakeFirst();
}

/** Sets the marked-for-deletion flag of a credential of the tenant. */
export async function setMarkedForDeletion(trx: Trx, tenantId: string, id: string, marked: boolean): Promise<WebauthnCredentialRow | undefined> {
  return trx.updateTable('webauthn_credentials').set({ marked_for_deletion: marked }).where('tenant_id', '=', tenantId).where('id', '=', id).returningAll().executeTakeFirst();
}

/** Deletes a credential of the tenant; true when one was deleted. */
export async function remove(trx: Trx, tenantId: string, id: string): Promise<boolean> {
  const row = await trx.deleteFrom('webauthn_credentials').where('tenant_id', '=', tenantId).where('id', '=', id).returning('id').executeTakeFirst();
  return row !== undefined;
}
