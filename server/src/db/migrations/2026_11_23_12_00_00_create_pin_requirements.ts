/** Card PIN requirements per tenant (signin §3 pinRequirements, §5). Frozen: never import application code here. */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('pin_requirements')
    .addColumn('tenant_id', 'uuid', (c) => c.primaryKey().references('tenants.id').onDelete('cascade'))
    .addColumn('min_length', 'integer', (c) => c.notNull())
    .addColumn('max_length', 'integer', (c) => c.notNull())
    .addColumn('digits_only', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('description', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('pin_requirements_lengths', sql`min_length >= 1 and max_length <= 8 and min_length <= max_length`)
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pin_requirements').execute();
}
