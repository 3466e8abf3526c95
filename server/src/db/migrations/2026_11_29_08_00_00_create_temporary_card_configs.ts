/** The temporary card configuration of a tenant (signin §3 defaultDuration, unlimitedIsDefault). Frozen: never import application code here. */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('temporary_card_configs')
    .addColumn('tenant_id', 'uuid', (c) => c.primaryKey().references('tenants.id').onDelete('cascade'))
    .addColumn('default_duration', 'integer', (c) => c.notNull())
    .addColumn('unlimited_is_default', 'boolean', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('temporary_card_configs_duration', sql`default_duration >= 0 and default_duration <= 365`)
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('temporary_card_configs').execute();
}
