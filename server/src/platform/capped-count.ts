/**
 * The capped count of a list over a table that grows to millions (issues 12 and 13: p95 ≤ 50 ms over
 * 1,000,000 rows): count the matches up to `LIST_TOTAL_CAP` past the page asked for and stop, so that a page
 * turn reads at most that many index entries instead of every match of a million-row tenant.
 */
import { LIST_TOTAL_CAP } from '@tessera/domain';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { DbOrTrx } from '../db/database';

/** `totalResults` (at most `skip` + the cap) and whether the count stopped there. */
export interface CappedCount {
  totalResults: number;
  totalCapped: boolean;
}

/**
 * Counts the rows `query` (filters only: no select, order or paging) would return, up to `skip` + `cap`.
 * @param skip - the offset of the page asked for: the count reaches `cap` rows past it.
 * @param cap - default `LIST_TOTAL_CAP`; tests pass a small one.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table of any query
export async function cappedCount(db: DbOrTrx, query: SelectQueryBuilder<any, any, any>, skip: number, cap = LIST_TOTAL_CAP): Promise<CappedCount> {
  const limit = skip + cap;
  const limited = query.select(sql<number>`1`.as('one')).limit(limit + 1);
  const { rows } = await sql<{ n: string }>`select count(*) as n from (${limited}) as matches`.execute(db);
  const counted = Number(rows[0]?.n ?? 0);
  return { totalResults: Math.min(counted, limit), totalCapped: counted > limit };
}
