/** Kysely access to the layout of `card_templates` (issue 16) and the card a serial names. */
import type { DbOrTrx } from '../db/database';

/** A template's stored layout (null: none yet), or undefined when the tenant has no such template. */
export function findLayout(db: DbOrTrx, tenantId: string, id: string): Promise<{ id: string; layout: unknown } | undefined> {
  return db.selectFrom('card_templates').select(['id', 'layout']).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

/** Replaces a template's layout; false when the tenant has no such template. */
export async function updateLayout(db: DbOrTrx, tenantId: string, id: string, layout: unknown, at: Date): Promise<boolean> {
  const row = await db.updateTable('card_templates').set({ layout: JSON.stringify(layout), updated_at: at }).where('tenant_id', '=', tenantId).where('id', '=', id).returning('id').executeTakeFirst();
  return row !== undefined;
}

/** The user and template of the tenant's card with a serial. */
export function findCardBySerial(db: DbOrTrx, tenantId: string, serialNumber: string): Promise<{ user_id: string | null; card_template_id: string | null } | undefined> {
  return db.selectFrom('smartcards').select(['user_id', 'card_template_id']).where('tenant_id', '=', tenantId).where('serial_number', '=', serialNumber).executeTakeFirst();
}
