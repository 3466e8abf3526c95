/**
 * Temporary passes, their print requests, smartcard requests, and the tenant's time zone (issue 6).
 * Frozen: never import application code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  // validDate / expirationDate of a pass are days in the tenant's time zone (admin-console §5).
  await db.schema.alterTable('tenants').addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('UTC')).execute();

  await db.schema
    .createTable('temporary_passes')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('pass_number', 'text', (c) => c.notNull())
    .addColumn('card_type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('AVAILABLE'))
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('given_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('valid_date', 'timestamptz')
    .addColumn('expiration_date', 'timestamptz')
    .addColumn('reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // One pass per number in a tenant: the backstop against issuing one pass twice at once.
  await db.schema.createIndex('temporary_passes_tenant_number').on('temporary_passes').columns(['tenant_id', 'pass_number']).unique().execute();
  await db.schema.createIndex('temporary_passes_tenant_user').on('temporary_passes').columns(['tenant_id', 'user_id']).execute();

  await db.schema
    .createTable('temporary_pass_print_requests')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('card_type', 'text', (c) => c.notNull())
    .addColumn('pass_numbers', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('requested_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('REQUESTED'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('smartcard_requests')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('PENDING'))
    .addColumn('options', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('requested_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('smartcard_requests_tenant_user').on('smartcard_requests').columns(['tenant_id', 'user_id']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('smartcard_requests').execute();
  await db.schema.dropTable('temporary_pass_print_requests').execute();
  await db.schema.dropTable('temporary_passes').execute();
  await db.schema.alterTable('tenants').dropColumn('time_zone').execute();
}
