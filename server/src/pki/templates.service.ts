/**
 * Certificate templates (admin-console §3 template entry, extensions, ordering; §5 CSR rules, ignoreCsrDetails):
 * CRUD with domain's rules, display ordering, and the template other areas issue with.
 */
import {
  normaliseTemplate,
  parseCsrRules,
  sortTemplatesByOrdering,
  type CertificateTemplate,
  type CertificateTemplateInput,
  type NormalisedTemplate,
  type TemplateOrderingEntry,
} from '@tessera/domain';
import { ConflictError, NotFoundError, ValidationError } from '../platform/errors';
import { isUniqueViolation } from '../platform/db-errors';
import type { AuthContext } from '../platform/types';
import type { AuditEventInput } from '../platform/audit';
import type { DbOrTrx } from '../db/database';
import * as caRepo from './ca.repository';
import type { PkiDeps } from './pki.deps';
import type { CaRow, TemplateRow } from './pki.table';
import { signatureAlgorithmName, caAlgorithm } from './x509';
import type { CaKeyAlgorithm } from '@tessera/domain';

type Actor = Pick<AuditEventInput, 'actorUserId' | 'actorUsername' | 'actorApiKeyId' | 'ip'>;

/** A template with what issuance needs. */
export interface StoredTemplate extends NormalisedTemplate {
  templateId: string;
  caName: string;
}

async function rowsWithCa(db: DbOrTrx, tenantId: string, id?: string) {
  let query = db
    .selectFrom('certificate_templates as t')
    .innerJoin('certificate_authorities as ca', 'ca.id', 't.ca_id')
    .leftJoin('template_ordering as o', (join) => join.onRef('o.template_id', '=', 't.id').onRef('o.tenant_id', '=', 't.tenant_id'))
    .select(['t.id', 't.name', 't.settings', 't.created_at', 't.updated_at', 't.ca_id', 'ca.friendly_name as ca_name', 'ca.key_algorithm', 'o.ui_ordering'])
    .where('t.tenant_id', '=', tenantId);
  if (id !== undefined) query = query.where('t.id', '=', id);
  return query.execute();
}

type JoinedRow = Awaited<ReturnType<typeof rowsWithCa>>[number];

function toTemplate(row: JoinedRow): CertificateTemplate {
  const s = row.settings as unknown as NormalisedTemplate;
  return {
    ...s,
    // Templates stored before the flag existed generate no keys.
    serverKeyGeneration: s.serverKeyGeneration ?? false,
    templateId: row.id,
    caId: row.ca_id,
    caName: row.ca_name,
    csrRules: parseCsrRules(s.rawCsrRules),
    priority: row.ui_ordering ?? null,
    algorithm: signatureAlgorithmName(caAlgorithm(row.key_algorithm as CaKeyAlgorithm).signing as { name: string; hash: string }),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The tenant's templates in display order (admin-console §3: unordered last). */
export async function listTemplates(deps: Pick<PkiDeps, 'db'>, auth: Pick<AuthContext, 'tenantId'>): Promise<CertificateTemplate[]> {
  const templates = (await rowsWithCa(deps.db, auth.tenantId)).map(toTemplate);
  return sortTemplatesByOrdering(templates, templates.flatMap((t) => (t.priority === null ? [] : [{ templateId: t.templateId, uiOrdering: t.priority }])));
}

/** One template of the tenant. @throws NotFoundError */
export async function getTemplate(deps: Pick<PkiDeps, 'db'>, auth: Pick<AuthContext, 'tenantId'>, id: string): Promise<CertificateTemplate> {
  const [row] = await rowsWithCa(deps.db, auth.tenantId, id);
  if (!row) throw new NotFoundError('The certificate template');
  return toTemplate(row);
}

async function checked(db: DbOrTrx, tenantId: string, input: CertificateTemplateInput): Promise<NormalisedTemplate> {
  const result = normaliseTemplate(input);
  if (!result.ok) throw new ValidationError(result.problem.field, result.problem.message, { exact: true });
  if (!(await caRepo.findCa(db, tenantId, input.caId))) throw new ValidationError('caId', 'is not a certificate authority of this tenant');
  return result.value;
}

function conflict(error: unknown, name: string): never {
  if (isUniqueViolation(error)) throw new ConflictError('templateName', `A template named '${name}' already exists`);
  throw error;
}

/** Creates a template; audited `template.create`. */
export async function createTemplate(deps: PkiDeps, auth: AuthContext, actor: Actor, input: CertificateTemplateInput): Promise<CertificateTemplate> {
  const value = await checked(deps.db, auth.tenantId, input);
  const id = await deps.db
    .transaction()
    .execute(async (trx) => {
      const row = await trx.insertInto('certificate_templates').values({ tenant_id: auth.tenantId, ca_id: value.caId, name: value.templateName, class: value.class, settings: JSON.stringify(value) }).returning('id').executeTakeFirstOrThrow();
      await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'template.create', targetType: 'certificate_template', targetId: row.id, detail: { templateName: value.templateName, caId: value.caId } });
      return row.id;
    })
    .catch((error: unknown) => conflict(error, value.templateName));
  return getTemplate(deps, auth, id);
}

/** Replaces a template's fields; audited `template.update`. */
export async function updateTemplate(deps: PkiDeps, auth: AuthContext, actor: Actor, input: CertificateTemplateInput & { templateId: string }): Promise<CertificateTemplate> {
  const { templateId, ...rest } = input;
  const value = await checked(deps.db, auth.tenantId, rest);
  await deps.db
    .transaction()
    .execute(async (trx) => {
      const row = await trx
        .updateTable('certificate_templates')
        .set({ ca_id: value.caId, name: value.templateName, class: value.class, settings: JSON.stringify(value), updated_at: new Date(deps.now()) })
        .where('tenant_id', '=', auth.tenantId)
        .where('id', '=', templateId)
        .returning('id')
        .executeTakeFirst();
      if (!row) throw new NotFoundError('The certificate template');
      await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'template.update', targetType: 'certificate_template', targetId: templateId, detail: { templateName: value.templateName } });
    })
    .catch((error: unknown) => conflict(error, value.templateName));
  return getTemplate(deps, auth, templateId);
}

/** Deletes a template (its ordering entry goes with it; certificates keep their data); audited `template.delete`. */
export async function deleteTemplate(deps: PkiDeps, auth: AuthContext, actor: Actor, templateId: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const pending = await trx.selectFrom('certificate_requests').select('id').where('tenant_id', '=', auth.tenantId).where('template_id', '=', templateId).where('status', '=', 'under_submission').executeTakeFirst();
    if (pending) throw new ConflictError('templateId', 'A request awaiting approval uses this template');
    const row = await trx.deleteFrom('certificate_templates').where('tenant_id', '=', auth.tenantId).where('id', '=', templateId).returning(['id', 'name']).executeTakeFirst();
    if (!row) throw new NotFoundError('The certificate template');
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'template.delete', targetType: 'certificate_template', targetId: templateId, detail: { templateName: row.name } });
  });
}

/** The tenant's ordering entries. */
export async function getOrdering(deps: Pick<PkiDeps, 'db'>, auth: Pick<AuthContext, 'tenantId'>): Promise<TemplateOrderingEntry[]> {
  const rows = await deps.db.selectFrom('template_ordering').select(['template_id', 'ui_ordering']).where('tenant_id', '=', auth.tenantId).orderBy('ui_ordering').execute();
  return rows.map((r) => ({ templateId: r.template_id, uiOrdering: r.ui_ordering }));
}

/** Replaces the ordering entries (each template of the tenant at most once); audited `template.order`. */
export async function setOrdering(deps: PkiDeps, auth: AuthContext, actor: Actor, ordering: TemplateOrderingEntry[]): Promise<TemplateOrderingEntry[]> {
  const seen = new Set<string>();
  for (const [i, entry] of ordering.entries()) {
    if (seen.has(entry.templateId)) throw new ValidationError(`ordering.${i}.templateId`, 'appears twice');
    seen.add(entry.templateId);
  }
  await deps.db.transaction().execute(async (trx) => {
    if (ordering.length > 0) {
      const known = await trx.selectFrom('certificate_templates').select('id').where('tenant_id', '=', auth.tenantId).where('id', 'in', [...seen]).execute();
      const knownIds = new Set(known.map((r) => r.id));
      const unknown = ordering.findIndex((e) => !knownIds.has(e.templateId));
      if (unknown >= 0) throw new ValidationError(`ordering.${unknown}.templateId`, 'is not a template of this tenant');
    }
    await trx.deleteFrom('template_ordering').where('tenant_id', '=', auth.tenantId).execute();
    if (ordering.length > 0) await trx.insertInto('template_ordering').values(ordering.map((e) => ({ tenant_id: auth.tenantId, template_id: e.templateId, ui_ordering: e.uiOrdering }))).execute();
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'template.order', targetType: 'certificate_template', targetId: null, detail: { entries: ordering.length } });
  });
  return getOrdering(deps, auth);
}

/** The template issuance uses (any CA of the tenant). @throws NotFoundError */
export async function templateForIssue(db: DbOrTrx, tenantId: string, templateId: string): Promise<StoredTemplate> {
  const [row] = await rowsWithCa(db, tenantId, templateId);
  if (!row) throw new NotFoundError('The certificate template');
  const settings = row.settings as unknown as NormalisedTemplate;
  return { ...settings, serverKeyGeneration: settings.serverKeyGeneration ?? false, caId: row.ca_id, templateId: row.id, caName: row.ca_name };
}

/**
 * The templates issuance uses with their CAs' rows, in one statement for many requests (the issuance path: concurrent
 * submissions read theirs together). One answer a key, in order: the template and its CA's row, or null when the
 * template is not one of that tenant. The CA row is answered whatever its tenant: the caller refuses a CA of another
 * tenant as signingCa does.
 */
export async function templatesAndCasForIssue(db: DbOrTrx, keys: readonly { tenantId: string; templateId: string }[]): Promise<(TemplateAndCa | null)[]> {
  const wanted = keys.filter((k) => UUID.test(k.tenantId) && UUID.test(k.templateId));
  if (wanted.length === 0) return keys.map(() => null);
  const rows = await db
    .selectFrom('certificate_templates as t')
    .innerJoin('certificate_authorities as ca', 'ca.id', 't.ca_id')
    .selectAll('ca')
    .select(['t.id as template_id', 't.tenant_id as template_tenant_id', 't.settings as template_settings'])
    .where(({ eb, refTuple, tuple }) => eb(refTuple('t.tenant_id', 't.id'), 'in', wanted.map((k) => tuple(k.tenantId, k.templateId))))
    .execute();
  const found = new Map(
    rows.map((row) => {
      const { template_id: id, template_tenant_id: templateTenantId, template_settings: templateSettings, ...caRow } = row;
      const settings = templateSettings as unknown as NormalisedTemplate;
      const template: StoredTemplate = { ...settings, serverKeyGeneration: settings.serverKeyGeneration ?? false, caId: caRow.id, templateId: id, caName: caRow.friendly_name };
      return [`${templateTenantId}/${id}`, { template, caRow }] as const;
    }),
  );
  return keys.map((k) => found.get(`${k.tenantId}/${k.templateId}`) ?? null);
}

/** A template as issuance uses it, with its CA's row. */
export interface TemplateAndCa {
  template: StoredTemplate;
  caRow: CaRow;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The raw row type, for areas that join on templates. */
export type { TemplateRow };
