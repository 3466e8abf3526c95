/**
 * Certificate endpoints of devices (issue 13; admin-console §3 "device endpoints and certificate endpoint
 * map"): host:port (with an optional SNI name) where a device presents a TLS certificate, and what the last
 * scan saw there. Frozen: never import application code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('device_endpoints')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('device_id', 'uuid', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('port', 'integer', (c) => c.notNull().check(sql`port between 1 and 65535`))
    .addColumn('server_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('label', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_scan_at', 'timestamptz')
    .addColumn('last_scan_error', 'text')
    .addColumn('cert_fingerprint', 'text')
    .addColumn('cert_serial', 'text')
    .addColumn('cert_issuer', 'text')
    .addColumn('cert_subject', 'text')
    .addColumn('cert_not_after', 'timestamptz')
    .addColumn('certificate_id', 'uuid', (c) => c.references('certificates.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index device_endpoints_device_host_port on device_endpoints (device_id, lower(host), port)`.execute(db);
  await db.schema.createIndex('device_endpoints_tenant').on('device_endpoints').column('tenant_id').execute();
  await db.schema.createIndex('device_endpoints_certificate').on('device_endpoints').column('certificate_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('device_endpoints').execute();
}
