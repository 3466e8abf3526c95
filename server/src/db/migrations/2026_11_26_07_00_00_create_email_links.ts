/**
 * Self-registration and account activation (issue 13, signin §7 VerifyRegistrationEmail): the tenant's
 * opt-in to self-registration, and the single-use e-mailed links of both flows (SHA-256 of the token
 * stored, never the token). Frozen: never import application code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tenants').addColumn('self_registration', 'boolean', (c) => c.notNull().defaultTo(false)).execute();
  await db.schema
    .createTable('email_links')
    // SHA-256 (hex) of the token sent by mail.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('register', 'activate')`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    // The address the link was mailed to (a registration's account gets it).
    .addColumn('email', 'text', (c) => c.notNull())
    // The account to activate (activation links only).
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('email_links_email').on('email_links').columns(['tenant_id', 'email']).execute();
  await db.schema.createIndex('email_links_user').on('email_links').column('user_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('email_links').execute();
  await db.schema.alterTable('tenants').dropColumn('self_registration').execute();
}
