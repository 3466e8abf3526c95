/** Kysely queries of `organisations`. Every query is scoped to a tenant. */
import { sql } from 'kysely';
import type { DbOrTrx } from '../db/database';
import { likePattern } from '../platform/like-pattern';
import type { NewOrganisationRow, OrganisationRow, OrganisationUpdate } from './organisations.table';

/** An organisation of the tenant by id. */
export async function findById(db: DbOrTrx, tenantId: string, id: string): Promise<OrganisationRow | undefined> {
  return db.selectFrom('organisations').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

/** An organisation of the tenant by name (case-insensitive). */
export async function findByName(db: DbOrTrx, tenantId: string, name: string): Promise<OrganisationRow | undefined> {
  return db
    .selectFrom('organisations')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst();
}

/**
 * The organisation and its ancestors, nearest first (a recursive walk up `parent_id`, bounded so a
 * cycle written by hand into the table cannot loop).
 */
export async function withAncestors(db: DbOrTrx, tenantId: string, id: string): Promise<OrganisationRow[]> {
  const rows = await sql<OrganisationRow & { depth: number }>`
    with recursive chain as (
      select o.*, 0 as depth from organisations o where o.tenant_id = ${tenantId} and o.id = ${id}
      union all
      select p.*, chain.depth + 1 from organisations p join chain on p.id = chain.parent_id
      where p.tenant_id = ${tenantId} and chain.depth < 64
    )
    select * from chain order by depth`.execute(db);
  return rows.rows.map(({ depth: _depth, ...row }) => row as OrganisationRow);
}

/** Every organisation of the tenant, by name (for the tree and the pickers). */
export async function all(db: DbOrTrx, tenantId: string): Promise<OrganisationRow[]> {
  return db.selectFrom('organisations').selectAll().where('tenant_id', '=', tenantId).orderBy(sql`lower(name)`).orderBy('id').execute();
}

/** Query of the organisation list. */
export interface OrganisationListQuery {
  skip: number;
  take: number;
  search?: string;
}

/** A page of the tenant's organisations, by name, and the total. */
export async function list(db: DbOrTrx, tenantId: string, q: OrganisationListQuery): Promise<{ total: number; rows: OrganisationRow[] }> {
  let base = db.selectFrom('organisations').where('tenant_id', '=', tenantId);
  if (q.search) {
    const pattern = likePattern(q.search);
    base = base.where((eb) => eb.or([eb('name', 'ilike', pattern), eb('type', 'ilike', pattern), eb('business_number', 'ilike', pattern)]));
  }
  const [{ total }, rows] = await Promise.all([
    base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
    base.selectAll().orderBy(sql`lower(name)`).orderBy('id').offset(q.skip).limit(q.take).execute(),
  ]);
  return { total, rows };
}

/** Inserts an organisation and returns the row. */
export async function insert(db: DbOrTrx, row: NewOrganisationRow): Promise<OrganisationRow> {
  return db.insertInto('organisations').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Updates an organisation of the tenant and returns the row. */
export async function update(db: DbOrTrx, tenantId: string, id: string, changes: OrganisationUpdate): Promise<OrganisationRow | undefined> {
  return db
    .updateTable('organisations')
    .set({ ...changes, updated_at: sql<Date>`now()` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** How many users of the tenant belong to each organisation. */
export async function memberCounts(db: DbOrTrx, tenantId: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('users')
    .select(['organisation_id', sql<number>`count(*)::int`.as('n')])
    .where('tenant_id', '=', tenantId)
    .where('organisation_id', 'is not', null)
    .groupBy('organisation_id')
    .execute();
  return new Map(rows.map((r) => [r.organisation_id!, r.n]));
}
