/**
 * Secret questions for self-service PIN reset (signin §3, §5, §7; issue 15): each user's set (the
 * client salt, the question texts and an argon2id hash of each answer hash the browser sent), the
 * single-use e-mailed reset links (SHA-256 of the token), and the tenant's rule that a card is issued
 * only to a user who has set them. Frozen: never import application code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('secret_questions')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    // The browser's 32-byte PBKDF2 salt (hex); not secret, sent back to hash answers with.
    .addColumn('client_salt', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    // [{question, hash, hashAsTyped?}]: hash = argon2id of the received answer_hash.
    .addColumn('questions', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('secret_questions_tenant').on('secret_questions').column('tenant_id').execute();
  await db.schema
    .createTable('secret_question_links')
    // SHA-256 (hex) of the token sent by mail.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('secret_question_links_user').on('secret_question_links').column('user_id').execute();
  await db.schema
    .createTable('secret_question_policies')
    .addColumn('tenant_id', 'uuid', (c) => c.primaryKey().references('tenants.id').onDelete('cascade'))
    .addColumn('required', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('secret_question_policies').execute();
  await db.schema.dropTable('secret_question_links').execute();
  await db.schema.dropTable('secret_questions').execute();
}
