/**
 * A SCEP transaction that Intune validated but that waits for an approval keeps its CSR (base64), so that the
 * outcome is notified to Intune (successNotification or failureNotification) once, when the client polls after the
 * decision. Frozen: never import application code here.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('scep_transactions').addColumn('intune_pending_csr', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('scep_transactions').dropColumn('intune_pending_csr').execute();
}
