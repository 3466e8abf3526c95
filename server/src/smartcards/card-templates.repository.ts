/** Kysely access to `card_templates`. */
import type { DbOrTrx } from '../db/database';
import type { CardTemplateRow, StoredCardTemplatePin, StoredCardTemplateSlot } from './card-templates.table';

/** The fields a write sets. */
export interface CardTemplateValues {
  name: string;
  slots: StoredCardTemplateSlot[];
  pin: StoredCardTemplatePin | null;
}

/** The tenant's card templates by name. */
export function listCardTemplates(db: DbOrTrx, tenantId: string): Promise<CardTemplateRow[]> {
  return db.selectFrom('card_templates').selectAll().where('tenant_id', '=', tenantId).orderBy('name').execute();
}

/** One template of the tenant, or undefined. */
export function findCardTemplate(db: DbOrTrx, tenantId: string, id: string): Promise<CardTemplateRow | undefined> {
  return db.selectFrom('card_templates').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

/** One template of the tenant by name, or undefined. */
export function findCardTemplateByName(db: DbOrTrx, tenantId: string, name: string): Promise<CardTemplateRow | undefined> {
  return db.selectFrom('card_templates').selectAll().where('tenant_id', '=', tenantId).where('name', '=', name).executeTakeFirst();
}

const columns = (values: CardTemplateValues) => ({ name: values.name, slots: JSON.stringify(values.slots), pin: JSON.stringify(values.pin) });

/** Inserts a template and returns its id. */
export async function insertCardTemplate(db: DbOrTrx, tenantId: string, values: CardTemplateValues): Promise<string> {
  const row = await db.insertInto('card_templates').values({ tenant_id: tenantId, ...columns(values) }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Replaces a template's fields; false when the tenant has no such template. */
export async function updateCardTemplate(db: DbOrTrx, tenantId: string, id: string, values: CardTemplateValues, at: Date): Promise<boolean> {
  const row = await db.updateTable('card_templates').set({ ...columns(values), updated_at: at }).where('tenant_id', '=', tenantId).where('id', '=', id).returning('id').executeTakeFirst();
  return row !== undefined;
}

/** Deletes a template; false when the tenant has no such template. */
export async function deleteCardTemplate(db: DbOrTrx, tenantId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('card_templates').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
