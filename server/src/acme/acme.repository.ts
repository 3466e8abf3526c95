/** Kysely queries of the ACME area and the allowed domains (free functions taking `db` or `trx` first). */
import type { DbOrTrx } from '../db/database';

/** The ACME-enabled template of a directory, with its tenant and CA. */
export function findEnabledTemplate(db: DbOrTrx, templateId: string) {
  return db
    .selectFrom('acme_configs as a')
    .innerJoin('certificate_templates as t', 't.id', 'a.template_id')
    .select(['a.template_id', 'a.tenant_id', 'a.eab_required', 't.ca_id', 't.name'])
    .where('a.template_id', '=', templateId)
    .where('a.enabled', '=', true)
    .executeTakeFirst();
}

/** The allowed domains of a tenant, sorted. */
export async function allowedDomainsOf(db: DbOrTrx, tenantId: string): Promise<string[]> {
  const rows = await db.selectFrom('allowed_domains').select('domain').where('tenant_id', '=', tenantId).orderBy('domain').execute();
  return rows.map((r) => r.domain);
}

/** Uses a nonce once: true when it existed and had not expired. */
export async function consumeNonce(db: DbOrTrx, nonce: string, now: Date): Promise<boolean> {
  const row = await db.deleteFrom('acme_nonces').where('nonce', '=', nonce).returning('expires_at').executeTakeFirst();
  return row !== undefined && row.expires_at.getTime() > now.getTime();
}

/** Stores a new nonce (and drops expired ones now and then). */
export async function insertNonce(db: DbOrTrx, nonce: string, expiresAt: Date, now: Date, sweep: boolean): Promise<void> {
  if (sweep) await db.deleteFrom('acme_nonces').where('expires_at', '<', now).execute();
  await db.insertInto('acme_nonces').values({ nonce, expires_at: expiresAt }).execute();
}

/** An account of a template by id. */
export function findAccount(db: DbOrTrx, templateId: string, id: string) {
  return db.selectFrom('acme_accounts').selectAll().where('template_id', '=', templateId).where('id', '=', id).executeTakeFirst();
}

/** An account of a template by key thumbprint. */
export function findAccountByThumbprint(db: DbOrTrx, templateId: string, thumbprint: string) {
  return db.selectFrom('acme_accounts').selectAll().where('template_id', '=', templateId).where('thumbprint', '=', thumbprint).executeTakeFirst();
}

/** An order of an account. */
export function findOrder(db: DbOrTrx, templateId: string, id: string) {
  return db.selectFrom('acme_orders').selectAll().where('template_id', '=', templateId).where('id', '=', id).executeTakeFirst();
}

/** The authorisations of an order. */
export function authorizationsOf(db: DbOrTrx, orderId: string) {
  return db.selectFrom('acme_authorizations').selectAll().where('order_id', '=', orderId).orderBy('identifier_value').execute();
}

/** An authorisation with its order's account and template. */
export function findAuthorization(db: DbOrTrx, templateId: string, id: string) {
  return db
    .selectFrom('acme_authorizations as z')
    .innerJoin('acme_orders as o', 'o.id', 'z.order_id')
    .selectAll('z')
    .select(['o.account_id', 'o.template_id'])
    .where('o.template_id', '=', templateId)
    .where('z.id', '=', id)
    .executeTakeFirst();
}

/** The challenges of authorisations. */
export function challengesOf(db: DbOrTrx, authorizationIds: string[]) {
  if (authorizationIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('acme_challenges').selectAll().where('authorization_id', 'in', authorizationIds).orderBy('type').execute();
}

/** A challenge with its authorisation, order and account. */
export function findChallenge(db: DbOrTrx, templateId: string, id: string) {
  return db
    .selectFrom('acme_challenges as c')
    .innerJoin('acme_authorizations as z', 'z.id', 'c.authorization_id')
    .innerJoin('acme_orders as o', 'o.id', 'z.order_id')
    .selectAll('c')
    .select(['z.identifier_value', 'z.status as authz_status', 'z.order_id', 'z.tenant_id', 'o.account_id'])
    .where('o.template_id', '=', templateId)
    .where('c.id', '=', id)
    .executeTakeFirst();
}
