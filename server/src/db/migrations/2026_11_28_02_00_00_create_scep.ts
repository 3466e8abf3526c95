/**
 * SCEP (RFC 8894) and Intune (issue 17): one-time challenge passwords (SHA-256 of the random password; the
 * password itself sealed until its one fetch, then erased), the RA certificate and sealed key of each CA
 * that SCEP decrypts and signs with, SCEP transactions (for CertPoll/GetCert), and each tenant's Intune
 * configuration. Frozen: never import application code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('scep_challenges')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('template_id', 'uuid', (c) => c.notNull().references('certificate_templates.id').onDelete('cascade'))
    // SHA-256 (hex) of the random challenge password.
    .addColumn('password_hash', 'text', (c) => c.notNull().unique())
    // SecretBox-sealed password until its one fetch, then null.
    .addColumn('password_sealed', 'text')
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('fetched_at', 'timestamptz')
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('scep_challenges_tenant').on('scep_challenges').columns(['tenant_id', 'created_at']).execute();
  await db.schema
    .createTable('scep_ra')
    .addColumn('ca_id', 'uuid', (c) => c.primaryKey().references('certificate_authorities.id').onDelete('cascade'))
    .addColumn('certificate_pem', 'text', (c) => c.notNull())
    .addColumn('sealed_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('scep_transactions')
    .addColumn('template_id', 'uuid', (c) => c.notNull().references('certificate_templates.id').onDelete('cascade'))
    .addColumn('transaction_id', 'text', (c) => c.notNull())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('request_id', 'uuid', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('scep_transactions_pk', ['template_id', 'transaction_id'])
    .execute();
  await db.schema
    .createTable('intune_scep_configs')
    .addColumn('tenant_id', 'uuid', (c) => c.primaryKey().references('tenants.id').onDelete('cascade'))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('azure_tenant_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('application_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('verification_certificate_pem', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('template_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('intune_scep_configs').execute();
  await db.schema.dropTable('scep_transactions').execute();
  await db.schema.dropTable('scep_ra').execute();
  await db.schema.dropTable('scep_challenges').execute();
}
