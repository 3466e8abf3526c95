/** Kysely access to certificate authorities. */
import type { DbOrTrx } from '../db/database';
import type { CaRow } from './pki.table';

/** A CA of the tenant, or undefined. */
export async function findCa(db: DbOrTrx, tenantId: string, id: string): Promise<CaRow | undefined> {
  return db.selectFrom('certificate_authorities').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

/** A CA by id whatever its tenant (public CRL/OCSP routes: the CA id is the public URL). */
export async function findCaById(db: DbOrTrx, id: string): Promise<CaRow | undefined> {
  return db.selectFrom('certificate_authorities').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Every CA of the tenant, oldest first. */
export async function listCas(db: DbOrTrx, tenantId: string): Promise<CaRow[]> {
  return db.selectFrom('certificate_authorities').selectAll().where('tenant_id', '=', tenantId).orderBy('created_at').orderBy('id').execute();
}
