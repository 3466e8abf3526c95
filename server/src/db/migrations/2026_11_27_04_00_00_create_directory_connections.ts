/**
 * Directory users (issue 13): a tenant's LDAP or Active Directory connection (the bind password sealed
 * by the server's secret box, never stored in clear), and the link of a synced user to its directory
 * entry (`users.directory_dn`, unique per tenant). Frozen: never import application code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('directory_connections')
    .addColumn('tenant_id', 'uuid', (c) => c.primaryKey().references('tenants.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('ldap', 'activeDirectory')`))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('bind_dn', 'text', (c) => c.notNull())
    .addColumn('bind_password_sealed', 'text', (c) => c.notNull())
    .addColumn('base_dn', 'text', (c) => c.notNull())
    .addColumn('user_filter', 'text', (c) => c.notNull())
    .addColumn('last_sync_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.alterTable('users').addColumn('directory_dn', 'text').execute();
  await sql`create unique index users_directory_dn on users (tenant_id, lower(directory_dn)) where directory_dn is not null`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists users_directory_dn`.execute(db);
  await db.schema.alterTable('users').dropColumn('directory_dn').execute();
  await db.schema.dropTable('directory_connections').execute();
}
