/**
 * Devices, subnets and locales (issue 13; admin-console §3 "Subnets with their IPs", "Locales in four
 * levels"). A device's address is kept as text (dotted quad) and as a number, so "devices per subnet"
 * is a range query on the number. Frozen: never import application code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('subnets')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('cidr', 'text', (c) => c.notNull())
    .addColumn('network', 'bigint', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('subnets_tenant_cidr', ['tenant_id', 'cidr'])
    .execute();
  await db.schema
    .createTable('devices')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('hostname', 'text', (c) => c.notNull())
    .addColumn('serial_number', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('device_type', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ip_address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ip_number', 'bigint')
    .addColumn('mac_address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('subnet_id', 'uuid', (c) => c.references('subnets.id').onDelete('restrict'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index devices_tenant_hostname on devices (tenant_id, lower(hostname))`.execute(db);
  await sql`create unique index devices_tenant_ip on devices (tenant_id, ip_number) where ip_number is not null`.execute(db);
  await db.schema.createIndex('devices_subnet').on('devices').column('subnet_id').execute();
  await db.schema
    .createTable('locales')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('level', 'text', (c) => c.notNull().check(sql`level in ('location', 'sublocation', 'area', 'room')`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'uuid', (c) => c.references('locales.id').onDelete('restrict'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // One name per place: per parent, and per tenant among locations.
  await sql`create unique index locales_place_name on locales (tenant_id, coalesce(parent_id, '00000000-0000-0000-0000-000000000000'::uuid), lower(name))`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('locales').execute();
  await db.schema.dropTable('devices').execute();
  await db.schema.dropTable('subnets').execute();
}
