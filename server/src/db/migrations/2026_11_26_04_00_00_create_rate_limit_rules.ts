/**
 * Rate-limit rules (issue 14, admin-console §3 and §9): the rules of every layer and stage, the tenant
 * layer (0) per tenant, the management layers global (owner null), and one version row that every server
 * instance polls to pick up a change within a second. Frozen: never import application code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limit_rules')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    // The tenant owning a layer-0 rule; null for the management layers.
    .addColumn('owner_tenant_id', 'uuid', (c) => c.references('tenants.id').onDelete('cascade'))
    .addColumn('layer', 'integer', (c) => c.notNull().check(sql`layer between 0 and 9`))
    .addColumn('stage', 'integer', (c) => c.notNull().check(sql`stage in (0, 1)`))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('endpoint', 'text', (c) => c.notNull())
    .addColumn('period_seconds', 'integer', (c) => c.notNull())
    .addColumn('rate', 'bigint', (c) => c.notNull())
    .addColumn('burst', 'bigint', (c) => c.notNull())
    .addColumn('max_data_bytes', 'bigint', (c) => c.notNull())
    .addCheckConstraint('rate_limit_rules_owner_layer', sql`(layer = 0) = (owner_tenant_id is not null)`)
    .execute();
  await db.schema
    .createTable('rate_limit_state')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    // Bumped by every change; instances reload their rules when it moves.
    .addColumn('version', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limit_state').execute();
  await db.schema.dropTable('rate_limit_rules').execute();
}
