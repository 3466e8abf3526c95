/**
 * `tessera templates seed` on the server (issue 12): a whole seed file checked with domain's rules and applied
 * in one transaction — upsert by name (case-insensitive), optional prune, dry run — so a refused entry leaves
 * every template as it was.
 */
import { seedEntryChanges, seedEntryOf, validateSeedFile, type NormalisedTemplate, type SeedTemplateChange, type SeedTemplatesRequest, type SeedTemplatesResponse } from '@tessera/domain';
import { ConflictError, ValidationError } from '../platform/errors';
import type { AuthContext } from '../platform/types';
import type { AuditEventInput } from '../platform/audit';
import type { PkiDeps } from './pki.deps';

type Actor = Pick<AuditEventInput, 'actorUserId' | 'actorUsername' | 'actorApiKeyId' | 'ip'>;

/**
 * Seeds the tenant's templates from a file. Every entry is checked first (unknown fields, unknown CAs, bad values
 * and repeated names refused with `templates.N.field`); then each template is created, updated or left alone, and
 * with `prune` the others deleted. Audited `template.create` / `template.update` / `template.delete` per change and
 * `template.seed` once, in the same transaction; a dry run writes nothing.
 */
export async function seedTemplates(deps: PkiDeps, auth: AuthContext, actor: Actor, request: SeedTemplatesRequest): Promise<SeedTemplatesResponse> {
  return deps.db.transaction().execute(async (trx) => {
    const cas = await trx.selectFrom('certificate_authorities').select(['id', 'friendly_name']).where('tenant_id', '=', auth.tenantId).execute();
    const caIdsByName = new Map(cas.map((ca) => [ca.friendly_name, ca.id]));
    const caNamesById = new Map(cas.map((ca) => [ca.id, ca.friendly_name]));
    const checked = validateSeedFile({ templates: request.templates }, caIdsByName);
    if (!checked.ok) throw new ValidationError(checked.problem.field, checked.problem.message, { exact: true });
    const existing = await trx.selectFrom('certificate_templates').select(['id', 'name', 'ca_id', 'settings']).where('tenant_id', '=', auth.tenantId).orderBy('name').forUpdate().execute();
    const byName = new Map(existing.map((row) => [row.name.toLowerCase(), row]));
    const entryOf = (t: NormalisedTemplate) => seedEntryOf({ ...t, caName: caNamesById.get(t.caId) ?? '' });

    const writes: { change: SeedTemplateChange; value?: NormalisedTemplate; id?: string }[] = [];
    for (const value of checked.templates) {
      const row = byName.get(value.templateName.toLowerCase());
      if (!row) {
        writes.push({ change: { templateName: value.templateName, action: 'create', fields: [] }, value });
        continue;
      }
      byName.delete(value.templateName.toLowerCase());
      const before = entryOf({ ...(row.settings as unknown as NormalisedTemplate), caId: row.ca_id });
      const fields = seedEntryChanges(before, entryOf(value));
      writes.push({ change: { templateName: value.templateName, action: fields.length > 0 ? 'update' : 'unchanged', fields }, value, id: row.id });
    }
    if (request.prune) {
      for (const row of byName.values()) {
        const pending = await trx.selectFrom('certificate_requests').select('id').where('tenant_id', '=', auth.tenantId).where('template_id', '=', row.id).where('status', '=', 'under_submission').executeTakeFirst();
        if (pending) throw new ConflictError('prune', `--prune would delete the template '${row.name}', which a request awaiting approval uses`);
        writes.push({ change: { templateName: row.name, action: 'delete', fields: [] }, id: row.id });
      }
    }
    const changes = writes.map((w) => w.change);
    if (request.dryRun) return { applied: false, changes };

    const now = new Date(deps.now());
    for (const { change, value, id } of writes) {
      if (change.action === 'create' && value) {
        const row = await trx.insertInto('certificate_templates').values({ tenant_id: auth.tenantId, ca_id: value.caId, name: value.templateName, class: value.class, settings: JSON.stringify(value) }).returning('id').executeTakeFirstOrThrow();
        await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'template.create', targetType: 'certificate_template', targetId: row.id, detail: { templateName: value.templateName, caId: value.caId, seed: true } });
      } else if (change.action === 'update' && value && id) {
        await trx.updateTable('certificate_templates').set({ ca_id: value.caId, name: value.templateName, class: value.class, settings: JSON.stringify(value), updated_at: now }).where('tenant_id', '=', auth.tenantId).where('id', '=', id).execute();
        await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'template.update', targetType: 'certificate_template', targetId: id, detail: { templateName: value.templateName, fields: change.fields.map((f) => f.field), seed: true } });
      } else if (change.action === 'delete' && id) {
        await trx.deleteFrom('certificate_templates').where('tenant_id', '=', auth.tenantId).where('id', '=', id).execute();
        await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'template.delete', targetType: 'certificate_template', targetId: id, detail: { templateName: change.templateName, seed: true } });
      }
    }
    const count = (action: SeedTemplateChange['action']) => changes.filter((c) => c.action === action).length;
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'template.seed', targetType: 'certificate_template', targetId: null, detail: { created: count('create'), updated: count('update'), deleted: count('delete'), unchanged: count('unchanged'), prune: request.prune === true } });
    return { applied: true, changes };
  });
}
