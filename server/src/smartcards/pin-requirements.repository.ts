/** Kysely access to `pin_requirements`. */
import type { DbOrTrx } from '../db/database';
import type { PinRequirementsRow } from './pin-requirements.table';

/** The tenant's row, or undefined (the default applies). */
export function findPinRequirements(db: DbOrTrx, tenantId: string): Promise<PinRequirementsRow | undefined> {
  return db.selectFrom('pin_requirements').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst();
}

/** Sets the tenant's rule. */
export async function upsertPinRequirements(db: DbOrTrx, tenantId: string, rule: { minLength: number; maxLength: number; digitsOnly: boolean; description: string | null }): Promise<void> {
  await db
    .insertInto('pin_requirements')
    .values({ tenant_id: tenantId, min_length: rule.minLength, max_length: rule.maxLength, digits_only: rule.digitsOnly, description: rule.description })
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ min_length: rule.minLength, max_length: rule.maxLength, digits_only: rule.digitsOnly, description: rule.description }))
    .execute();
}
