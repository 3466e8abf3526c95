/**
 * Visits (admin-console §2.2 `/identity/visitor/visit/{id}` [userView]; issue 13 "Visitors: the host
 * user, sponsor, time window and pass"). Frozen: never import application code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('visits')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('visitor_given_name', 'text', (c) => c.notNull())
    .addColumn('visitor_family_name', 'text', (c) => c.notNull())
    .addColumn('visitor_email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('company', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('purpose', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('host_user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('sponsor_id', 'uuid', (c) => c.references('sponsors.id').onDelete('set null'))
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('pass_id', 'uuid', (c) => c.references('temporary_passes.id').onDelete('set null'))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('visits_window', sql`ends_at > starts_at`)
    .execute();
  await db.schema.createIndex('visits_tenant_start').on('visits').columns(['tenant_id', 'starts_at']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('visits').execute();
}
