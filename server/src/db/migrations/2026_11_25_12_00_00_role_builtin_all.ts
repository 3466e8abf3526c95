/**
 * `roles.builtin_all`: a built-in role holds every permission of the product's catalog at read time
 * (server/src/platform/access.ts), so a permission added by a later release reaches installations made
 * before it. The Administrator role that bootstrap created (named by the `bootstrap` audit event) becomes
 * built-in. Frozen: never import application code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('roles').addColumn('builtin_all', 'boolean', (c) => c.notNull().defaultTo(false)).execute();
  await sql`
    update roles set builtin_all = true
    where id::text in (select detail->>'roleId' from audit_events where action = 'bootstrap' and detail ? 'roleId')
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('roles').dropColumn('builtin_all').execute();
}
