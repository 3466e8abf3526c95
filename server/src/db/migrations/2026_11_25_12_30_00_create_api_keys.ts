/**
 * API keys (issue 11): a key of a tenant, created by a user, carrying a permission list and an expiry.
 * Only the SHA-256 of the token is stored. Audit events gain the key that acted (null for a person).
 * Frozen: never import application code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    // The public part of the token (16 hex digits), looked up on every request.
    .addColumn('key_id', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull().check(sql`char_length(name) between 1 and 64`))
    // SHA-256 (hex) of the whole token `tsk_<key_id>_<secret>`.
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('permissions', sql`text[]`, (c) => c.notNull())
    .addColumn('created_by', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_used_at', 'timestamptz')
    .execute();
  // Names are unique per tenant, case-insensitively (what people read in the list and the audit trail).
  await sql`create unique index api_keys_tenant_name on api_keys (tenant_id, lower(name))`.execute(db);
  await db.schema.alterTable('audit_events').addColumn('actor_api_key_id', 'uuid').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_events').dropColumn('actor_api_key_id').execute();
  await db.schema.dropTable('api_keys').execute();
}
