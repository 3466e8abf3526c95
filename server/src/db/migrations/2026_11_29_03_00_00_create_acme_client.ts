/**
 * The console as an ACME client (issue 17; admin-console §4 ACME order flow, §2.2 `le/upload`): the accounts it
 * holds at ACME servers (the account key sealed), its runs (the steps of the order flow, the certificate it
 * stored and that certificate's key, sealed) and the http-01 answers it serves while a server validates.
 * Frozen: never import application code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('acme_client_accounts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('directory_url', 'text', (c) => c.notNull())
    // The account URL the server answered (the JWS kid); null until registered.
    .addColumn('account_url', 'text')
    // The account's private JWK, sealed with the server's secret key.
    .addColumn('key_sealed', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('acme_client_accounts_tenant_directory', ['tenant_id', 'directory_url'])
    .execute();
  await db.schema
    .createTable('acme_client_runs')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('directory_url', 'text', (c) => c.notNull())
    .addColumn('domain', 'text', (c) => c.notNull())
    // running, succeeded or failed; the steps (JSON) with their states.
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('running'))
    .addColumn('steps', 'jsonb', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('order_url', 'text')
    .addColumn('certificate_id', 'uuid', (c) => c.references('certificates.id').onDelete('set null'))
    .addColumn('cert_id', 'text')
    // The certificate with its chain as the ACME server sent it (PEM).
    .addColumn('chain_pem', 'text')
    // The private key of the certificate (PKCS#8 PEM), sealed; never answered.
    .addColumn('key_sealed', 'text')
    .addColumn('requested_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index acme_client_runs_tenant_created on acme_client_runs (tenant_id, created_at desc)`.execute(db);
  await db.schema
    .createTable('acme_client_http01')
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('run_id', 'uuid', (c) => c.notNull().references('acme_client_runs.id').onDelete('cascade'))
    .addColumn('key_authorization', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('acme_client_http01').ifExists().execute();
  await sql`drop index if exists acme_client_runs_tenant_created`.execute(db);
  await db.schema.dropTable('acme_client_runs').ifExists().execute();
  await db.schema.dropTable('acme_client_accounts').ifExists().execute();
}
