/**
 * The console side of ACME and allowed domains (issue 17): the tenant's allowed domains
 * (`/admin/alloweddomains` [manageDomains]), which templates serve ACME and whether they need external account
 * binding, EAB keys (shown once), and the ACME orders with their state (`/config/acme` [acmeConfiguration]).
 * Every change is audited in its transaction.
 */
import { randomBytes } from 'node:crypto';
import { ACME_ORDER_PAGE_SIZE, ALLOWED_DOMAINS_MAX, RESULTS_PER_PAGE, acmeDirectoryUrl, normaliseAllowedDomain, type AcmeConfiguration, type AcmeEabKey, type AcmeOrdersQuery, type AcmeOrdersResponse, type AllowedDomain, type AllowedDomainsResponse } from '@tessera/domain';
import { ConflictError, NotFoundError, ValidationError } from '../platform/errors';
import type { AuditEventInput, AuditWriter } from '../platform/audit';
import type { AuthContext } from '../platform/types';
import type { SecretBox } from '../platform/secret-box';
import { likePattern } from '../platform/like-pattern';
import type { Db } from '../db/database';

type Actor = Pick<AuditEventInput, 'actorUserId' | 'actorUsername' | 'actorApiKeyId' | 'ip'>;
type Auth = Pick<AuthContext, 'tenantId'>;

/** Dependencies. */
export interface AcmeAdminDeps {
  db: Db;
  audit: AuditWriter;
  box: SecretBox;
  /** Origin of the directory URLs (the one the caller reached). */
  publicUrl: string;
}

/** The allowed domains of the tenant, searched and paged (RESULTS_PER_PAGE a page), sorted by name. */
export async function listAllowedDomains(deps: Pick<AcmeAdminDeps, 'db'>, auth: Auth, query: { search?: string; page?: number }): Promise<AllowedDomainsResponse> {
  let q = deps.db.selectFrom('allowed_domains').where('tenant_id', '=', auth.tenantId);
  if (query.search) q = q.where('domain', 'like', likePattern(query.search.toLowerCase()));
  const total = await q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const rows = await q.select(['id', 'domain', 'created_at']).orderBy('domain').limit(RESULTS_PER_PAGE).offset(((query.page ?? 1) - 1) * RESULTS_PER_PAGE).execute();
  return { totalResults: Number(total.n), results: rows.map((r) => ({ id: r.id, domain: r.domain, createdAt: r.created_at.toISOString() })) };
}

/** Adds an allowed domain. 400 names `domain`; 409 when listed already. Audited `allowedDomain.add`. */
export async function addAllowedDomain(deps: Omit<AcmeAdminDeps, 'publicUrl'>, auth: Auth, actor: Actor, input: { domain: string }): Promise<AllowedDomain> {
  const checked = normaliseAllowedDomain(input.domain);
  if (!checked.ok) throw new ValidationError('domain', checked.message);
  return deps.db.transaction().execute(async (trx) => {
    const count = await trx.selectFrom('allowed_domains').select((eb) => eb.fn.countAll<string>().as('n')).where('tenant_id', '=', auth.tenantId).executeTakeFirstOrThrow();
    if (Number(count.n) >= ALLOWED_DOMAINS_MAX) throw new ConflictError('domain', `A tenant keeps at most ${ALLOWED_DOMAINS_MAX} allowed domains.`);
    const row = await trx.insertInto('allowed_domains').values({ tenant_id: auth.tenantId, domain: checked.domain }).onConflict((oc) => oc.columns(['tenant_id', 'domain']).doNothing()).returningAll().executeTakeFirst();
    if (!row) throw new ConflictError('domain', `${checked.domain} is already an allowed domain.`);
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'allowedDomain.add', targetType: 'allowed_domain', targetId: row.id, detail: { domain: row.domain } });
    return { id: row.id, domain: row.domain, createdAt: row.created_at.toISOString() };
  });
}

/** Removes an allowed domain of the tenant. Audited `allowedDomain.delete`. */
export async function deleteAllowedDomain(deps: Omit<AcmeAdminDeps, 'publicUrl'>, auth: Auth, actor: Actor, id: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom('allowed_domains').where('tenant_id', '=', auth.tenantId).where('id', '=', id).returning(['id', 'domain']).executeTakeFirst();
    if (!row) throw new NotFoundError('The allowed domain');
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'allowedDomain.delete', targetType: 'allowed_domain', targetId: row.id, detail: { domain: row.domain } });
  });
}

/** Every template of the tenant with its ACME state. */
export async function listAcmeConfigurations(deps: Pick<AcmeAdminDeps, 'db' | 'publicUrl'>, auth: Auth): Promise<AcmeConfiguration[]> {
  const rows = await deps.db
    .selectFrom('certificate_templates as t')
    .leftJoin('acme_configs as a', 'a.template_id', 't.id')
    .select(['t.id', 't.name', 'a.enabled', 'a.eab_required'])
    .select((eb) => eb.selectFrom('acme_eab_keys as k').select((e) => e.fn.countAll<string>().as('n')).whereRef('k.template_id', '=', 't.id').where('k.account_id', 'is', null).as('unused'))
    .where('t.tenant_id', '=', auth.tenantId)
    .orderBy('t.name')
    .execute();
  return rows.map((r) => ({ templateId: r.id, templateName: r.name, enabled: r.enabled ?? false, eabRequired: r.eab_required ?? false, directoryUrl: acmeDirectoryUrl(deps.publicUrl, r.id), unusedEabKeys: Number(r.unused ?? 0) }));
}

async function templateOf(db: Db, auth: Auth, templateId: string): Promise<{ id: string; name: string }> {
  const t = await db.selectFrom('certificate_templates').select(['id', 'name']).where('tenant_id', '=', auth.tenantId).where('id', '=', templateId).executeTakeFirst();
  if (!t) throw new ValidationError('templateId', 'is not a certificate template of this tenant');
  return t;
}

/** Turns ACME on or off for a template. Audited `acme.configure`. */
export async function setAcmeConfiguration(deps: AcmeAdminDeps, auth: Auth, actor: Actor, input: { templateId: string; enabled: boolean; eabRequired?: boolean }): Promise<AcmeConfiguration> {
  const template = await templateOf(deps.db, auth, input.templateId);
  const eabRequired = input.eabRequired ?? false;
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('acme_configs')
      .values({ template_id: template.id, tenant_id: auth.tenantId, enabled: input.enabled, eab_required: eabRequired })
      .onConflict((oc) => oc.column('template_id').doUpdateSet({ enabled: input.enabled, eab_required: eabRequired, updated_at: new Date() }))
      .execute();
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'acme.configure', targetType: 'certificate_template', targetId: template.id, detail: { template: template.name, enabled: input.enabled, eabRequired } });
  });
  return (await listAcmeConfigurations(deps, auth)).find((c) => c.templateId === template.id)!;
}

/** Creates an external account binding key for a template (RFC 8555 §7.3.4); the HMAC key is shown this once. Audited `acme.eabKey.create`. */
export async function createEabKey(deps: AcmeAdminDeps, auth: Auth, actor: Actor, input: { templateId: string }): Promise<AcmeEabKey> {
  const template = await templateOf(deps.db, auth, input.templateId);
  const keyId = randomBytes(12).toString('base64url');
  const hmacKey = randomBytes(32).toString('base64url');
  await deps.db.transaction().execute(async (trx) => {
    await trx.insertInto('acme_eab_keys').values({ id: keyId, tenant_id: auth.tenantId, template_id: template.id, hmac_key_sealed: deps.box.encrypt(hmacKey, `acme-eab:${keyId}`), account_id: null }).execute();
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'acme.eabKey.create', targetType: 'certificate_template', targetId: template.id, detail: { keyId } });
  });
  return { keyId, hmacKey, directoryUrl: acmeDirectoryUrl(deps.publicUrl, template.id) };
}

/** The tenant's ACME orders, filtered by state, sorted and paged in the database. */
export async function listAcmeOrders(deps: Pick<AcmeAdminDeps, 'db'>, auth: Auth, query: AcmeOrdersQuery): Promise<AcmeOrdersResponse> {
  let q = deps.db.selectFrom('acme_orders as o').innerJoin('acme_accounts as a', 'a.id', 'o.account_id').innerJoin('certificate_templates as t', 't.id', 'o.template_id').where('o.tenant_id', '=', auth.tenantId);
  if (query.status) q = q.where('o.status', '=', query.status);
  const total = await q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const direction = query.sortDirection ?? 'desc';
  const rows = await q
    .select(['o.id', 'o.status', 'o.identifiers', 'o.certificate_id', 'o.created_at', 't.name as template_name', 'a.id as account_id', 'a.status as account_status', 'a.contact'])
    .orderBy(query.sortField === 'status' ? 'o.status' : 'o.created_at', direction)
    .orderBy('o.id')
    .limit(ACME_ORDER_PAGE_SIZE)
    .offset(((query.page ?? 1) - 1) * ACME_ORDER_PAGE_SIZE)
    .execute();
  return {
    totalResults: Number(total.n),
    results: rows.map((r) => ({
      orderId: r.id,
      status: r.status,
      identifiers: (r.identifiers as { value: string }[]).map((i) => i.value),
      templateName: r.template_name,
      accountId: r.account_id,
      accountStatus: r.account_status,
      accountContact: r.contact as string[],
      certificateId: r.certificate_id,
      createdAt: r.created_at.toISOString(),
    })),
  };
}
