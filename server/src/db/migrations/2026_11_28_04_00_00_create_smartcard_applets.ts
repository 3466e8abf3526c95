/**
 * The smartcard applet catalogue and the cards' GlobalPlatform keys (issue 16; signin §7 SmartcardApplets,
 * AddSmartcardApplet, BatchAppletUpload). `smartcard_applets` keeps the CAP file and what was parsed from it;
 * `smartcard_gp_keys` keeps each card's SCP03 key set sealed with the server's secret box, by the card's key
 * diversification data. Frozen: never import application code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('smartcard_applets')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull().check(sql`char_length(name) between 1 and 100`))
    .addColumn('description', 'text')
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('package_aid', 'text', (c) => c.notNull())
    .addColumn('applet_aids', 'jsonb', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('cap', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('smartcard_applets_tenant_package_version', ['tenant_id', 'package_aid', 'version'])
    .execute();
  await db.schema
    .createTable('smartcard_gp_keys')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('kdd', 'text', (c) => c.notNull())
    .addColumn('key_version', 'integer', (c) => c.notNull())
    .addColumn('sealed_keys', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('smartcard_gp_keys_tenant_kdd', ['tenant_id', 'kdd'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('smartcard_gp_keys').execute();
  await db.schema.dropTable('smartcard_applets').execute();
}
