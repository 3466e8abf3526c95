/** Kysely access to `cloud_hsm_configs` (issue 15). */
import type { Updateable } from 'kysely';
import type { DbOrTrx } from '../db/database';
import type { CloudHsmConfigRow, CloudHsmConfigsTable } from './cloud-hsm.table';

/** The config of a tenant's hardware name. */
export function findConfig(db: DbOrTrx, tenantId: string, name: string): Promise<CloudHsmConfigRow | undefined> {
  return db.selectFrom('cloud_hsm_configs').selectAll().where('tenant_id', '=', tenantId).where('customer_sc_hardware', '=', name).executeTakeFirst();
}

/** The tenant's configs by name. */
export function listConfigs(db: DbOrTrx, tenantId: string): Promise<CloudHsmConfigRow[]> {
  return db.selectFrom('cloud_hsm_configs').selectAll().where('tenant_id', '=', tenantId).orderBy('customer_sc_hardware').execute();
}

/** Inserts a config; null when the tenant already has one of that name. */
export async function insertConfig(db: DbOrTrx, values: { tenant_id: string; customer_sc_hardware: string; endpoint: string; client_id: string; sealed_client_secret: string }): Promise<CloudHsmConfigRow | null> {
  return (await db.insertInto('cloud_hsm_configs').values(values).onConflict((oc) => oc.columns(['tenant_id', 'customer_sc_hardware']).doNothing()).returningAll().executeTakeFirst()) ?? null;
}

/** Updates a config. */
export async function updateConfig(db: DbOrTrx, id: string, values: Updateable<CloudHsmConfigsTable>): Promise<void> {
  await db.updateTable('cloud_hsm_configs').set(values).where('id', '=', id).execute();
}

/** Deletes a config. */
export async function deleteConfig(db: DbOrTrx, id: string): Promise<void> {
  await db.deleteFrom('cloud_hsm_configs').where('id', '=', id).execute();
}
