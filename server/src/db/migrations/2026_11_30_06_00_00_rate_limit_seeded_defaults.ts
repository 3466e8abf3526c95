/**
 * The installation's record of which default rate-limit rules it has been given (by key), so that a default added
 * by a later version reaches an installation seeded before it, once, and a default an operator deleted afterwards
 * stays deleted. Frozen: never import application code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limit_seeded_defaults')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('seeded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // An installation seeded before this table whose operator emptied the management layers on purpose keeps them
  // empty: the defaults of this version are recorded as given. (Any other installation gets the defaults it lacks on
  // its next start; rules it already has are only recorded.) The keys are those of this version, written out here.
  const seeded = await db.selectFrom('rate_limit_state').select('id').executeTakeFirst();
  const managed = await db.selectFrom('rate_limit_rules').select('id').where('owner_tenant_id', 'is', null).limit(1).executeTakeFirst();
  if (seeded && !managed) {
    const keys = ['ip:all', 'ip:pki', 'ip:anonymous-csr', 'ip:/pki/scep/*', 'ip:/.well-known/est/*', 'ip:acme', 'general:all', 'general:pki'];
    await db.insertInto('rate_limit_seeded_defaults').values(keys.map((key) => ({ key }))).execute();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limit_seeded_defaults').execute();
}
