/**
 * Entra ID as a directory kind (issue 13): `directory_connections.kind` also takes `entraId` (Microsoft Graph;
 * see identity/entra-client). The columns are the same: url = the Graph endpoint, base_dn = the Entra tenant,
 * bind_dn = the application (client) id, the sealed password = its client secret, user_filter = an optional
 * OData $filter. Frozen: never import application code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table directory_connections drop constraint directory_connections_kind_check`.execute(db);
  await sql`alter table directory_connections add constraint directory_connections_kind_check check (kind in ('ldap', 'activeDirectory', 'entraId'))`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from directory_connections where kind = 'entraId'`.execute(db);
  await sql`alter table directory_connections drop constraint directory_connections_kind_check`.execute(db);
  await sql`alter table directory_connections add constraint directory_connections_kind_check check (kind in ('ldap', 'activeDirectory'))`.execute(db);
}
