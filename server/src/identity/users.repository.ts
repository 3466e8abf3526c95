/** Kysely queries of `users` and `user_roles`. Every query is scoped to a tenant. */
import { sql } from 'kysely';
import { pageBlockEnd } from '@tessera/domain';
import type { DbOrTrx } from '../db/database';
import { likePattern } from '../platform/like-pattern';
import { cappedCount, type CappedCount } from '../platform/capped-count';
import { selectiveParts, trigramShares } from './users-search-trigrams';
import type { NewUserRow, UserRow, UserUpdate } from './users.table';

/** A user of the tenant by username (case-insensitive). */
export async function findByUsername(db: DbOrTrx, tenantId: string, username: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}

/** A user of the tenant by id. */
export async function findById(db: DbOrTrx, tenantId: string, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

/** Is there any user at all (bootstrap mode ends with the first)? */
export async function anyUserExists(db: DbOrTrx): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Sortable columns of the user list. */
export const USER_SORT_COLUMNS = {
  username: 'username',
  givenName: 'given_name',
  familyName: 'family_name',
  emailAddress: 'email',
  createdAt: 'created_at',
} as const;

/** Query of the user list. */
export interface UserListQuery {
  skip: number;
  take: number;
  search?: string;
  sortField: keyof typeof USER_SORT_COLUMNS;
  sortDirection: 'asc' | 'desc';
}

/**
 * The text a user search matches: username, given name, family name and e-mail in one string, so one
 * ILIKE per row does what four did, and one trigram GIN index over this exact expression serves it in
 * PostgreSQL (migration `users_search_indexes`). A term may span two fields ("Ada Lovelace").
 */
export const USER_SEARCH_TEXT = sql<string>`(username || ' ' || given_name || ' ' || family_name || ' ' || email)`;
/** The same text as an expression the trigram index does not serve: the whole term is checked on the rows found. */
const USER_SEARCH_TEXT_CHECKED = sql<string>`(${USER_SEARCH_TEXT} || '')`;

/** The broad-term page is first looked for among this many users per row up to the page's end, at most HEAD_ROWS_MAX. */
const HEAD_ROWS_PER_ROW = 50;
const HEAD_ROWS_MAX = 20_000;

/**
 * A page of the tenant's users and the total, counted up to the end of the block of 10 pages that holds the page
 * (domain `pageBlockEnd`: 100 for pages 1–10 of 10; `totalCapped` when there are more): the pager shows that block and
 * a link to the next, so counting stops there instead of rechecking every match of a broad term.
 *
 * A search takes the plan that suits its term (issue 13 bench: p95 ≤ 50 ms over 1,000,000 users in PostgreSQL):
 *  - one statement first gathers at most the block's end + 1 matches in whatever order is cheapest (the
 *    trigram index for a narrow term; a scan that stops early for a broad one), counts them and sorts the page
 *    out of them (ids and sort keys only; the page's rows are then read by id): for a narrow term that is the
 *    answer, from one index scan, where a count and a page each scanned the trigram index before;
 *  - when it found more than that, the term is broad: the count is capped, and the page comes from walking the
 *    sort order's index with the filter (matches are dense, so it reads few rows): at the same time as the
 *    first statement, over a bounded head of the sort order (50 users per row up to the page's end, at most
 *    20,000), and only when that head did not fill the page, unbounded after it, with bitmap and sequential scans
 *    and parallel workers turned off for that statement, because the planner cannot tell a broad term from a narrow one and would
 *    otherwise pick the trigram bitmap (or the whole table) and sort every match.
 * The first statement asks the trigram index only for the term's parts whose trigrams are rare among the tenant's
 * users (`users-search-trigrams.ts`), and checks the whole term on the rows it finds.
 * Without a term, the capped count and the page walk the (tenant_id, username) index.
 */
export async function list(db: DbOrTrx, tenantId: string, q: UserListQuery): Promise<CappedCount & { rows: UserRow[] }> {
  const column = USER_SORT_COLUMNS[q.sortField];
  const term = q.search;
  const parts = term ? selectiveParts(term, await trigramShares(db, tenantId, USER_SEARCH_TEXT)) : [];
  const narrowed = term !== undefined && parts.length > 0 && !(parts.length === 1 && parts[0] === term.toLowerCase());
  const users = (handle: DbOrTrx) => {
    const base = handle.selectFrom('users').where('tenant_id', '=', tenantId);
    return term ? base.where(USER_SEARCH_TEXT, 'ilike', likePattern(term)) : base;
  };
  // The matches as the trigram index finds them cheapest: by the term's rare parts, the whole term checked after. Only
  // for gathering matches in any order: a walk of a sort order filters by the whole term (the planner, blind to the
  // unindexed check, would otherwise count on a handful of matches and sort them all).
  const gathered = (handle: DbOrTrx) =>
    narrowed ? parts.reduce((query, part) => query.where(USER_SEARCH_TEXT, 'ilike', likePattern(part)), handle.selectFrom('users').where('tenant_id', '=', tenantId)).where(USER_SEARCH_TEXT_CHECKED, 'ilike', likePattern(term ?? '')) : users(handle);
  const page = (handle: DbOrTrx) => users(handle).orderBy(column, q.sortDirection).orderBy('id').offset(q.skip).limit(q.take).selectAll().execute();
  if (!q.search) {
    const [total, rows] = await Promise.all([cappedCount(db, users(db), q.skip, q.take), page(db)]);
    return { ...total, rows };
  }
  const limit = pageBlockEnd(q.skip, q.take);
  const direction = sql.raw(q.sortDirection === 'desc' ? 'desc' : 'asc');
  // Only the id and the sort key are gathered (a narrow row each); the page's rows are read by id after.
  const probe = sql<{ id: string | null; matches: string }>`
    with m as materialized (${gathered(db).select(['id', sql.ref(column).as('sort_key')]).limit(limit + 1)})
    select page.id, c.matches
    from (select count(*) as matches from m) as c
    left join lateral (select id from m order by sort_key ${direction}, id offset ${q.skip} limit ${q.take}) as page on true`.execute(db);
  // Meanwhile, the page as a broad term fills it: the first `HEAD_ROWS` users in the sort order, filtered. A full
  // page from them is the right page (no earlier user was left out); a narrow term wastes only this bounded read.
  const head = db.selectFrom('users').selectAll().where('tenant_id', '=', tenantId).orderBy(column, q.sortDirection).orderBy('id').limit(Math.min(HEAD_ROWS_MAX, HEAD_ROWS_PER_ROW * (q.skip + q.take)));
  const headPage = db.selectFrom(head.as('head')).selectAll().where(USER_SEARCH_TEXT, 'ilike', likePattern(q.search)).orderBy(column, q.sortDirection).orderBy('id').offset(q.skip).limit(q.take).execute();
  const [{ rows: probed }, fromHead] = await Promise.all([probe, headPage]);
  const matches = Number(probed[0]?.matches ?? 0);
  if (matches <= limit) {
    const ids = probed.map((row) => row.id).filter((id): id is string => id !== null);
    const found = ids.length === 0 ? [] : await db.selectFrom('users').selectAll().where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
    const byId = new Map(found.map((row) => [row.id, row]));
    return { totalResults: matches, totalCapped: false, rows: ids.map((id) => byId.get(id)).filter((row): row is UserRow => row !== undefined) };
  }
  if (fromHead.length === q.take) return { totalResults: limit, totalCapped: true, rows: fromHead };
  // Inside a caller's transaction the setting would outlive this statement: there the planner chooses alone.
  const rows = db.isTransaction
    ? await page(db)
    : await db.transaction().execute(async (trx) => {
        // The term is known broad here, but the planner's estimate of it moves with each ANALYZE sample: at 35 rows
        // instead of 10,000 it read the whole table in parallel and sorted (1.6 s, session 9). Only an index walk is left.
        await sql`set local enable_bitmapscan = off`.execute(trx);
        await sql`set local enable_seqscan = off`.execute(trx);
        // Nor in parallel: counting on few matches, it launched two workers to walk the index (each reading 3 times past
        // the page, 20 ms of start-up: 37–51 ms for the 1 % shape's page that one process walks in 5 ms, session 9).
        await sql`set local max_parallel_workers_per_gather = 0`.execute(trx);
        return page(trx);
      });
  return { totalResults: limit, totalCapped: true, rows };
}

/** Role ids held by each of these users. */
export async function roleIdsOf(db: DbOrTrx, userIds: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return out;
  const rows = await db.selectFrom('user_roles').select(['user_id', 'role_id']).where('user_id', 'in', userIds).orderBy('role_id').execute();
  for (const row of rows) out.get(row.user_id)?.push(row.role_id);
  return out;
}

/** Inserts a user and returns the row. */
export async function insert(db: DbOrTrx, row: NewUserRow): Promise<UserRow> {
  return db.insertInto('users').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Updates a user of the tenant and returns the row. */
export async function update(db: DbOrTrx, tenantId: string, id: string, changes: UserUpdate): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set({ ...changes, updated_at: sql<Date>`now()` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Replaces the roles of a user. */
export async function setRoles(db: DbOrTrx, userId: string, roleIds: readonly string[]): Promise<void> {
  await db.deleteFrom('user_roles').where('user_id', '=', userId).execute();
  if (roleIds.length > 0) await db.insertInto('user_roles').values(roleIds.map((roleId) => ({ user_id: userId, role_id: roleId }))).execute();
}

/** Counts a failed sign-in on the account. */
export async function recordFailedLogin(db: DbOrTrx, id: string): Promise<void> {
  await db.updateTable('users').set((eb) => ({ failed_logins: eb('failed_logins', '+', 1) })).where('id', '=', id).execute();
}

/** Records a successful sign-in. */
export async function recordSuccessfulLogin(db: DbOrTrx, id: string, at: Date): Promise<void> {
  await db.updateTable('users').set({ failed_logins: 0, last_successful_login: at }).where('id', '=', id).execute();
}

/** Names of organisations of the tenant by id. */
export async function organisationNames(db: DbOrTrx, tenantId: string, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('organisations').select(['id', 'name']).where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Which of these users have a photo. */
export async function withPhotos(db: DbOrTrx, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db.selectFrom('user_photos').select('user_id').where('user_id', 'in', userIds).execute();
  return new Set(rows.map((r) => r.user_id));
}

/** Deletes a user of the tenant (roles, photo and sessions go with it by cascade); true when one was deleted. */
export async function remove(db: DbOrTrx, tenantId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('users').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
