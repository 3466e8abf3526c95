/**
 * PKI (issue 12): certificate authorities with their sealed keys, templates with display ordering,
 * certificate requests, certificates, revocations and the current CRL of each CA.
 * Frozen: never import application code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('certificate_authorities')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('friendly_name', 'text', (c) => c.notNull().check(sql`char_length(friendly_name) between 1 and 128`))
    .addColumn('parent_id', 'uuid', (c) => c.references('certificate_authorities.id').onDelete('restrict'))
    .addColumn('key_algorithm', 'text', (c) => c.notNull())
    // `software`: the PKCS#8 key sealed by the server's secret box; `hsm`: a key reference (later issue).
    .addColumn('key_store', 'text', (c) => c.notNull().defaultTo('software'))
    .addColumn('sealed_key', 'text', (c) => c.notNull())
    .addColumn('certificate_pem', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('serial_number', 'text', (c) => c.notNull())
    .addColumn('not_before', 'timestamptz', (c) => c.notNull())
    .addColumn('not_after', 'timestamptz', (c) => c.notNull())
    .addColumn('imported', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('licensed_templates', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('licensed_tenants', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index certificate_authorities_tenant_name on certificate_authorities (tenant_id, lower(friendly_name))`.execute(db);

  await db.schema
    .createTable('certificate_templates')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('ca_id', 'uuid', (c) => c.notNull().references('certificate_authorities.id').onDelete('restrict'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('class', 'text', (c) => c.notNull())
    // The template's fields of admin-console §3 (defaults applied), as domain's NormalisedTemplate.
    .addColumn('settings', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index certificate_templates_tenant_name on certificate_templates (tenant_id, lower(name))`.execute(db);

  await db.schema
    .createTable('template_ordering')
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('template_id', 'uuid', (c) => c.notNull().references('certificate_templates.id').onDelete('cascade'))
    .addColumn('ui_ordering', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('template_ordering_pk', ['tenant_id', 'template_id'])
    .execute();

  await db.schema
    .createTable('certificates')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('ca_id', 'uuid', (c) => c.references('certificate_authorities.id').onDelete('restrict'))
    // Lower-case hex; unique per issuer (RFC 5280 §4.1.2.2). Out-of-band certificates keep their issuer's name.
    .addColumn('serial_number', 'text', (c) => c.notNull())
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('template_id', 'uuid', (c) => c.references('certificate_templates.id').onDelete('set null'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('cn', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('certificate_pem', 'text', (c) => c.notNull())
    .addColumn('not_before', 'timestamptz', (c) => c.notNull())
    .addColumn('not_after', 'timestamptz', (c) => c.notNull())
    .addColumn('friendly_name', 'text')
    .addColumn('contact_email', 'text')
    .addColumn('requested_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('revocation_reason', 'text')
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('lint', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index certificates_issuer_serial on certificates (issuer, serial_number)`.execute(db);
  await sql`create index certificates_tenant_created on certificates (tenant_id, created_at desc, id)`.execute(db);
  await sql`create index certificates_tenant_expiry on certificates (tenant_id, not_after)`.execute(db);
  await sql`create index certificates_ca_revoked on certificates (ca_id) where revoked_at is not null`.execute(db);

  await db.schema
    .createTable('certificate_requests')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('template_id', 'uuid', (c) => c.references('certificate_templates.id').onDelete('set null'))
    .addColumn('ca_id', 'uuid', (c) => c.notNull().references('certificate_authorities.id').onDelete('restrict'))
    .addColumn('csr_pem', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull().defaultTo(''))
    // The submitted subject/SAN values, friendly name and contact e-mail.
    .addColumn('detail', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('failure_code', 'text')
    .addColumn('certificate_id', 'uuid', (c) => c.references('certificates.id').onDelete('set null'))
    .addColumn('requested_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index certificate_requests_tenant_status on certificate_requests (tenant_id, status, created_at)`.execute(db);

  await db.schema
    .createTable('revocations')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('certificate_id', 'uuid', (c) => c.notNull().references('certificates.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('comment', 'text')
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('failure_code', 'text')
    .addColumn('requested_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await sql`create index revocations_tenant_state on revocations (tenant_id, state, requested_at desc)`.execute(db);

  await db.schema
    .createTable('crls')
    .addColumn('ca_id', 'uuid', (c) => c.primaryKey().references('certificate_authorities.id').onDelete('cascade'))
    .addColumn('crl_number', 'bigint', (c) => c.notNull())
    .addColumn('this_update', 'timestamptz', (c) => c.notNull())
    .addColumn('next_update', 'timestamptz', (c) => c.notNull())
    .addColumn('der_base64', 'text', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('crls').execute();
  await db.schema.dropTable('revocations').execute();
  await db.schema.dropTable('certificate_requests').execute();
  await db.schema.dropTable('certificates').execute();
  await db.schema.dropTable('template_ordering').execute();
  await db.schema.dropTable('certificate_templates').execute();
  await db.schema.dropTable('certificate_authorities').execute();
}
