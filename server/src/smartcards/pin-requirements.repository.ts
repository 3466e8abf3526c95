/** Kysely access to `pin_requirements`. */
import type { DbOrTrx } from '../db/database';
import type { PinRequirementsRow } from './pin-requirements.table';

/** The tenant's row, or undefined (the default applies). */
export function findPinRequirements(db: DbOrTrx, tenantId: string): Promise<PinRequirementsRow | undefined> {
  return db.selectFrom('pin_requirements').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst();
}

/** Sets the tenant's rule and returns the row. */
export async function upsertPinRequirements(
  db: DbOrTrx,
  tenantId: string,
  rule: { minLength: number; maxLength: number; digitsOnly: boolean; description: string | null },
): Promise<PinRequirementsRow> {
  const values = { min_length: rule.minLength, max_length: rule.maxLength, digits_only: rule.digitsOnly, description: rule.description };
  return db
    .insertInto('pin_requirements')
    .values({ tenant_id: tenantId, ...values })
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet((eb) => ({ ...values, updated_at: eb.fn('now') })))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Removes the tenant's rule (the default applies again); true when there was one. */
export async function deletePinRequirements(db: DbOrTrx, tenantId: string): Promise<boolean> {
  const result = await db.deleteFrom('pin_requirements').where('tenant_id', '=', tenantId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
