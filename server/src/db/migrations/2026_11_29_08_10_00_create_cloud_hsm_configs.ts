/** Cloud HSM configs of a tenant (signin §3 customer_sc_hardware; the client secret sealed). Frozen: never import application code here. */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cloud_hsm_configs')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('customer_sc_hardware', 'text', (c) => c.notNull())
    .addColumn('endpoint', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('sealed_client_secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('cloud_hsm_configs_tenant_name', ['tenant_id', 'customer_sc_hardware'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('cloud_hsm_configs').execute();
}
