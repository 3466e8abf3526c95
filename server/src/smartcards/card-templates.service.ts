/**
 * Card templates (issue 15; signin §3 "Card template: cardTemplateId", §7 `CardTemplates?tenancy`): which
 * certificate template goes in which PIV slot with which key type, and the PIN rules of the cards issued with
 * the template. Domain's `validateCardTemplate` decides the fields (as it does in the CLI); this service checks
 * what only the server knows (the tenant's certificate templates and the key families they allow), keeps
 * tenants apart and audits every change in its transaction. `pinRequirementsOfTemplate` is what
 * GetPinRequirements answers for a card issued with a template: its rules, else the tenant's PIN policy.
 */
import {
  CARD_KEY_FAMILY,
  MESSAGES,
  pinRequirementsDescription,
  validateCardTemplate,
  validateCardTemplateSeed,
  type CardKeyType,
  type CardPinRequirements,
  type CardTemplate,
  type CardTemplateSeedResult,
  type NormalisedCardTemplate,
  type PivSlotName,
} from '@tessera/domain';
import type { Db, DbOrTrx } from '../db/database';
import type { AuthContext } from '../platform/types';
import type { AuditEventInput, AuditWriter } from '../platform/audit';
import { tenants } from '../identity/accounts.service';
import { listTemplates } from '../pki/templates.service';
import { ConflictError, NotFoundError, ValidationError } from '../platform/errors';
import { isUniqueViolation } from '../platform/db-errors';
import { pinRequirementsOf } from './pin-requirements.service';
import * as repo from './card-templates.repository';
import type { CardTemplateRow } from './card-templates.table';

type Actor = Pick<AuditEventInput, 'actorUserId' | 'actorUsername' | 'actorApiKeyId' | 'ip'>;

/** What the card template service needs. */
export interface CardTemplatesDeps {
  db: Db;
  audit: AuditWriter;
  now: () => number;
}

type CertificateTemplates = Awaited<ReturnType<typeof listTemplates>>;

async function certificateTemplatesOf(db: DbOrTrx, tenantId: string): Promise<CertificateTemplates> {
  return listTemplates({ db: db as Db }, { tenantId });
}

async function toCardTemplate(db: DbOrTrx, tenantId: string, row: CardTemplateRow, known?: CertificateTemplates): Promise<CardTemplate> {
  const certificateTemplates = known ?? (await certificateTemplatesOf(db, tenantId));
  const nameOf = new Map(certificateTemplates.map((t) => [t.templateId, t.templateName]));
  return {
    cardTemplateId: row.id,
    name: row.name,
    slots: row.slots.map((s) => ({ slot: s.slot as PivSlotName, certificateTemplateId: s.certificateTemplateId, certificateTemplate: nameOf.get(s.certificateTemplateId) ?? null, keyType: s.keyType as CardKeyType })),
    pin: row.pin,
    pinRequirements: row.pin ? requirementsOf(row.pin) : await pinRequirementsOf(db, tenantId),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

function requirementsOf(pin: { minLength: number; maxLength: number; digitsOnly: boolean }): CardPinRequirements {
  const { minLength, maxLength, digitsOnly } = pin;
  return { minLength, maxLength, digitsOnly, description: pinRequirementsDescription({ minLength, maxLength, digitsOnly }) };
}

/**
 * Resolves the slots' certificate templates by name among the tenant's, and refuses a key type whose family
 * the certificate template does not allow (admin-console §5 keyTypes). @throws ValidationError naming the slot's field
 */
function resolve(template: NormalisedCardTemplate, certificateTemplates: CertificateTemplates, prefix = ''): repo.CardTemplateValues {
  const byName = new Map(certificateTemplates.map((t) => [t.templateName, t]));
  const slots = template.slots.map((slot, index) => {
    const found = byName.get(slot.certificateTemplate);
    if (!found) throw new ValidationError(`${prefix}slots[${index}].certificateTemplate`, MESSAGES.CARD_TEMPLATE_UNKNOWN_CERTIFICATE_TEMPLATE, { exact: true });
    if (found.keyTypes.length > 0 && !found.keyTypes.includes(CARD_KEY_FAMILY[slot.keyType])) {
      throw new ValidationError(`${prefix}slots[${index}].keyType`, MESSAGES.CARD_TEMPLATE_KEY_TYPE_NOT_ALLOWED, { exact: true });
    }
    return { slot: slot.slot, certificateTemplateId: found.templateId, keyType: slot.keyType };
  });
  return { name: template.name, slots, pin: template.pin };
}

function checked(input: unknown): NormalisedCardTemplate {
  const check = validateCardTemplate(input);
  if (!check.ok) throw new ValidationError(check.problem.field, check.problem.message, { exact: true });
  return check.value;
}

function conflict(error: unknown): never {
  if (isUniqueViolation(error)) throw new ConflictError('name', MESSAGES.CARD_TEMPLATE_NAME_TAKEN);
  throw error;
}

/**
 * `GET /api2/CMS-v2/CardTemplates?tenancy`: the tenant's card templates by name. `tenancy`, when given, must
 * name the caller's own tenant (by id or name); another tenant's is a 404 like an unknown one.
 */
export async function listCardTemplates(deps: Pick<CardTemplatesDeps, 'db'>, auth: Pick<AuthContext, 'tenantId'>, tenancy?: string): Promise<CardTemplate[]> {
  if (tenancy !== undefined && tenancy !== '' && tenancy !== auth.tenantId) {
    const tenant = await tenants.findById(deps.db, auth.tenantId);
    if (!tenant || tenant.name !== tenancy) throw new NotFoundError('The tenancy');
  }
  const [rows, certificateTemplates] = await Promise.all([repo.listCardTemplates(deps.db, auth.tenantId), certificateTemplatesOf(deps.db, auth.tenantId)]);
  const out: CardTemplate[] = [];
  for (const row of rows) out.push(await toCardTemplate(deps.db, auth.tenantId, row, certificateTemplates));
  return out;
}

/** One card template of the tenant. @throws NotFoundError */
export async function getCardTemplate(deps: Pick<CardTemplatesDeps, 'db'>, auth: Pick<AuthContext, 'tenantId'>, id: string): Promise<CardTemplate> {
  const row = await repo.findCardTemplate(deps.db, auth.tenantId, id);
  if (!row) throw new NotFoundError('The card template');
  return toCardTemplate(deps.db, auth.tenantId, row);
}

/** Creates a card template; audited `card-template.create`. @throws ValidationError, ConflictError (409 on a taken name) */
export async function createCardTemplate(deps: CardTemplatesDeps, auth: AuthContext, actor: Actor, input: unknown): Promise<CardTemplate> {
  const template = checked(input);
  const values = resolve(template, await certificateTemplatesOf(deps.db, auth.tenantId));
  const id = await deps.db
    .transaction()
    .execute(async (trx) => {
      const created = await repo.insertCardTemplate(trx, auth.tenantId, values);
      await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'card-template.create', targetType: 'card_template', targetId: created, detail: { name: values.name, slots: values.slots, pin: values.pin } });
      return created;
    })
    .catch(conflict);
  return getCardTemplate(deps, auth, id);
}

/** Replaces a card template's fields; audited `card-template.update`. @throws NotFoundError, ValidationError, ConflictError */
export async function updateCardTemplate(deps: CardTemplatesDeps, auth: AuthContext, actor: Actor, id: string, input: unknown): Promise<CardTemplate> {
  const template = checked(input);
  const values = resolve(template, await certificateTemplatesOf(deps.db, auth.tenantId));
  await deps.db
    .transaction()
    .execute(async (trx) => {
      if (!(await repo.updateCardTemplate(trx, auth.tenantId, id, values, new Date(deps.now())))) throw new NotFoundError('The card template');
      await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'card-template.update', targetType: 'card_template', targetId: id, detail: { name: values.name, slots: values.slots, pin: values.pin } });
    })
    .catch(conflict);
  return getCardTemplate(deps, auth, id);
}

/** Deletes a card template; audited `card-template.delete`. @throws NotFoundError */
export async function deleteCardTemplate(deps: CardTemplatesDeps, auth: AuthContext, actor: Actor, id: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const row = await repo.findCardTemplate(trx, auth.tenantId, id);
    if (!row || !(await repo.deleteCardTemplate(trx, auth.tenantId, id))) throw new NotFoundError('The card template');
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'card-template.delete', targetType: 'card_template', targetId: id, detail: { name: row.name } });
  });
}

/** JSON with object keys sorted: jsonb keeps its own key order, so a stored value is compared by content. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

const same = (row: CardTemplateRow, values: repo.CardTemplateValues) => canonical(row.slots) === canonical(values.slots) && canonical(row.pin) === canonical(values.pin);

/**
 * `POST /api2/CMS-v2/CardTemplatesSeed` (`tessera card-templates seed FILE`): creates or replaces the file's
 * templates by name, the whole file or nothing (one transaction, every entry checked before any write); a
 * template already as the file says is left alone, so a second run changes nothing. Audited
 * `card-template.seed` with the names, when anything changed. @throws ValidationError naming `cardTemplates[i].field`
 */
export async function seedCardTemplates(deps: CardTemplatesDeps, auth: AuthContext, actor: Actor, file: unknown): Promise<CardTemplateSeedResult> {
  const check = validateCardTemplateSeed(file);
  if (!check.ok) throw new ValidationError(check.problem.field, check.problem.message, { exact: true });
  const certificateTemplates = await certificateTemplatesOf(deps.db, auth.tenantId);
  const all = check.value.map((template, index) => resolve(template, certificateTemplates, `cardTemplates[${index}].`));
  return deps.db.transaction().execute(async (trx) => {
    const result: CardTemplateSeedResult = { created: [], updated: [], unchanged: [] };
    for (const values of all) {
      const existing = await repo.findCardTemplateByName(trx, auth.tenantId, values.name);
      if (!existing) {
        await repo.insertCardTemplate(trx, auth.tenantId, values);
        result.created.push(values.name);
      } else if (same(existing, values)) {
        result.unchanged.push(values.name);
      } else {
        await repo.updateCardTemplate(trx, auth.tenantId, existing.id, values, new Date(deps.now()));
        result.updated.push(values.name);
      }
    }
    if (result.created.length + result.updated.length > 0) {
      await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'card-template.seed', targetType: 'card_template', detail: { created: result.created, updated: result.updated } });
    }
    return result;
  });
}

/**
 * The PIN requirements of a card issued with the template (GetPinRequirements, issue): the template's own
 * rules, else the tenant's PIN policy, else 'PIN must be between 6-8 numbers'. Without a template id: the
 * tenant's. @throws NotFoundError for a template the tenant does not have
 */
export async function pinRequirementsOfTemplate(db: DbOrTrx, tenantId: string, cardTemplateId?: string): Promise<CardPinRequirements> {
  if (cardTemplateId === undefined) return pinRequirementsOf(db, tenantId);
  const row = await repo.findCardTemplate(db, tenantId, cardTemplateId);
  if (!row) throw new NotFoundError('The card template');
  return row.pin ? requirementsOf(row.pin) : pinRequirementsOf(db, tenantId);
}
