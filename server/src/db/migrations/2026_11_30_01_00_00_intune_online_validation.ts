/**
 * Intune online validation (issue 17): the application's client secret (sealed, write-only) and the sign-in
 * authority and Microsoft Graph base URLs of the tenant's cloud (empty = Microsoft's public cloud).
 * Frozen: never import application code here.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('intune_scep_configs').addColumn('client_secret_sealed', 'text').execute();
  await db.schema.alterTable('intune_scep_configs').addColumn('authority_url', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('intune_scep_configs').addColumn('graph_url', 'text', (c) => c.notNull().defaultTo('')).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('intune_scep_configs').dropColumn('graph_url').execute();
  await db.schema.alterTable('intune_scep_configs').dropColumn('authority_url').execute();
  await db.schema.alterTable('intune_scep_configs').dropColumn('client_secret_sealed').execute();
}
