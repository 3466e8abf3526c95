/**
 * Identity data model (issue 13): organisations (type, parent, business number, per-organisation
 * permissions), sponsors, user photos, and on users: a reference to an organisation instead of the
 * free-text `organisation` (existing values become organisations of that name per tenant), the signin §3
 * field categories as one JSON document per category (validated by the server's schema on write), the
 * directory user data of admin-console §3 (`csn`, `tempCsn`, `tempCsnExpiry`, `pager`, `uid`), a blank
 * default country, and a sponsor with its approval state.
 * Frozen: never import application code here.
 */
import { sql, type Kysely } from 'kysely';

/** The signin §3 categories kept as one JSON document each. */
const CATEGORY_COLUMNS = ['personal', 'organisation_details', 'pass_type', 'privileges', 'medical', 'vehicles'] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('organisations')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull().check(sql`char_length(name) between 1 and 128`))
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('organisation'))
    .addColumn('parent_id', 'uuid', (c) => c.references('organisations.id').onDelete('set null'))
    .addColumn('business_number', 'text')
    .addColumn('business_number_scheme', 'text')
    .addColumn('business_number_verified_at', 'timestamptz')
    // Per-organisation permissions (admin-console §6): granted to every member, less the blacklist.
    .addColumn('permissions', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('blacklist', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index organisations_tenant_name on organisations (tenant_id, lower(name))`.execute(db);
  await db.schema.createIndex('organisations_parent').on('organisations').column('parent_id').execute();

  await db.schema
    .createTable('sponsors')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index sponsors_tenant_user on sponsors (tenant_id, user_id)`.execute(db);

  let users = db.schema
    .alterTable('users')
    .addColumn('organisation_id', 'uuid', (c) => c.references('organisations.id').onDelete('set null'))
    .addColumn('country', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('csn', 'text')
    .addColumn('temp_csn', 'text')
    .addColumn('temp_csn_expiry', 'timestamptz')
    .addColumn('pager', 'text')
    .addColumn('uid', 'text')
    .addColumn('sponsor_id', 'uuid', (c) => c.references('sponsors.id').onDelete('set null'))
    .addColumn('sponsor_status', 'text', (c) => c.check(sql`sponsor_status in ('pending', 'approved', 'rejected')`));
  for (const column of CATEGORY_COLUMNS) users = users.addColumn(column, 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`));
  await users.execute();
  await db.schema.createIndex('users_organisation').on('users').column('organisation_id').execute();

  // Free-text organisations become organisations of that name per tenant (case-insensitively one).
  await sql`
    insert into organisations (tenant_id, name)
    select distinct on (tenant_id, lower(btrim(organisation))) tenant_id, left(btrim(organisation), 128)
    from users where organisation is not null and btrim(organisation) <> ''
    order by tenant_id, lower(btrim(organisation)), btrim(organisation)`.execute(db);
  await sql`
    update users set organisation_id = o.id from organisations o
    where o.tenant_id = users.tenant_id and lower(o.name) = lower(left(btrim(users.organisation), 128))`.execute(db);
  await db.schema.alterTable('users').dropColumn('organisation').execute();

  await db.schema
    .createTable('user_photos')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('image', 'bytea', (c) => c.notNull())
    .addColumn('thumbnail_mime_type', 'text', (c) => c.notNull())
    .addColumn('thumbnail', 'bytea', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('user_photos').execute();
  await db.schema.alterTable('users').addColumn('organisation', 'text').execute();
  await sql`update users set organisation = o.name from organisations o where o.id = users.organisation_id`.execute(db);
  let users = db.schema
    .alterTable('users')
    .dropColumn('organisation_id')
    .dropColumn('country')
    .dropColumn('csn')
    .dropColumn('temp_csn')
    .dropColumn('temp_csn_expiry')
    .dropColumn('pager')
    .dropColumn('uid')
    .dropColumn('sponsor_id')
    .dropColumn('sponsor_status');
  for (const column of CATEGORY_COLUMNS) users = users.dropColumn(column);
  await users.execute();
  await db.schema.dropTable('sponsors').execute();
  await db.schema.dropTable('organisations').execute();
}
