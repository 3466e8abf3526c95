/**
 * Card stock (issue 15 "Beyond the spec: card stock"): `smartcard_stock` (one row per serial a tenant received, its
 * state and last move; the moves themselves are the audit events `smartcard.stock.*`), `smartcard_stock_thresholds`
 * (the low-stock threshold per card type) and `smartcard_stock_settings` (the tenant's "require stock" setting).
 * Frozen: never import application code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('smartcard_stock')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('serial', 'text', (c) => c.notNull())
    .addColumn('card_type', 'text', (c) => c.notNull())
    .addColumn('batch', 'text')
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('received', 'in_stock', 'issued', 'returned', 'destroyed')`))
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('received_by', 'text', (c) => c.notNull())
    .addColumn('moved_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('moved_by', 'text', (c) => c.notNull())
    .addColumn('card_id', 'uuid')
    .addColumn('reason', 'text')
    .addUniqueConstraint('smartcard_stock_tenant_serial', ['tenant_id', 'serial'])
    .execute();
  await db.schema.createIndex('smartcard_stock_tenant_type_state').on('smartcard_stock').columns(['tenant_id', 'card_type', 'state']).execute();
  await db.schema.createIndex('smartcard_stock_tenant_received').on('smartcard_stock').columns(['tenant_id', 'received_at']).execute();
  await db.schema
    .createTable('smartcard_stock_thresholds')
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('card_type', 'text', (c) => c.notNull())
    .addColumn('threshold', 'integer', (c) => c.notNull().check(sql`threshold >= 0`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('smartcard_stock_thresholds_pk', ['tenant_id', 'card_type'])
    .execute();
  await db.schema
    .createTable('smartcard_stock_settings')
    .addColumn('tenant_id', 'uuid', (c) => c.primaryKey().references('tenants.id').onDelete('cascade'))
    .addColumn('require_stock', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('smartcard_stock_settings').execute();
  await db.schema.dropTable('smartcard_stock_thresholds').execute();
  await db.schema.dropTable('smartcard_stock').execute();
}
