/**
 * ACME (RFC 8555; issue 17) and the tenant's allowed domains (admin-console §2.2 `/admin/alloweddomains`,
 * §3 managed domain): the domains a tenant may have certificates for, the templates ACME serves, their
 * external account binding keys, replay nonces (a table, so that every instance agrees that a nonce was
 * used once), accounts, orders, authorisations and challenges. Frozen: never import application code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('allowed_domains')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    // Lower case; `*.example.com` permits the names below example.com.
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('allowed_domains_tenant_domain', ['tenant_id', 'domain'])
    .execute();
  await db.schema
    .createTable('acme_configs')
    .addColumn('template_id', 'uuid', (c) => c.primaryKey().references('certificate_templates.id').onDelete('cascade'))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('eab_required', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('acme_eab_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('template_id', 'uuid', (c) => c.notNull().references('certificate_templates.id').onDelete('cascade'))
    // The HMAC key, sealed by the server's secret box (shown once when created).
    .addColumn('hmac_key_sealed', 'text', (c) => c.notNull())
    .addColumn('account_id', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('acme_nonces')
    .addColumn('nonce', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('acme_accounts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('template_id', 'uuid', (c) => c.notNull().references('certificate_templates.id').onDelete('cascade'))
    // RFC 7638 thumbprint of the account key (one account per key and directory).
    .addColumn('thumbprint', 'text', (c) => c.notNull())
    .addColumn('jwk', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('contact', 'jsonb', (c) => c.notNull())
    .addColumn('eab_key_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('acme_accounts_template_thumbprint', ['template_id', 'thumbprint'])
    .execute();
  await db.schema
    .createTable('acme_orders')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('template_id', 'uuid', (c) => c.notNull().references('certificate_templates.id').onDelete('cascade'))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('acme_accounts.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    // [{type, value}]
    .addColumn('identifiers', 'jsonb', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('certificate_id', 'uuid')
    .addColumn('error', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('acme_orders_tenant').on('acme_orders').columns(['tenant_id', 'created_at']).execute();
  await db.schema
    .createTable('acme_authorizations')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('acme_orders.id').onDelete('cascade'))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('identifier_value', 'text', (c) => c.notNull())
    .addColumn('wildcard', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('acme_authorizations_order').on('acme_authorizations').column('order_id').execute();
  await db.schema
    .createTable('acme_challenges')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('authorization_id', 'uuid', (c) => c.notNull().references('acme_authorizations.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('validated_at', 'timestamptz')
    .addColumn('error', 'jsonb')
    .execute();
  await db.schema.createIndex('acme_challenges_authorization').on('acme_challenges').column('authorization_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['acme_challenges', 'acme_authorizations', 'acme_orders', 'acme_accounts', 'acme_nonces', 'acme_eab_keys', 'acme_configs', 'allowed_domains']) await db.schema.dropTable(table).execute();
}
