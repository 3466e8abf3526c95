/**
 * The capped count of a search (issues 12 and 13: p95 ≤ 50 ms over 1,000,000 rows): count the matches up to
 * `SEARCH_COUNT_CAP` + 1 and stop, so that a page turn reads at most that many index entries instead of
 * every match of a million-row tenant.
 */
import { SEARCH_COUNT_CAP } from '@tessera/domain';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { DbOrTrx } from '../db/database';

/** `totalResults` (at most the cap) and whether the count stopped at the cap. */
export interface CappedCount {
  totalResults: number;
  totalCapped: boolean;
}

/**
 * Counts the rows `query` (filters only, no select, order or paging) would return, up to the cap.
 * @param cap - where the count stops (default `SEARCH_COUNT_CAP`); tests pass a small one.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table of any query
export async function cappedCount(db: DbOrTrx, query: SelectQueryBuilder<any, any, any>, cap = SEARCH_COUNT_CAP): Promise<CappedCount> {
  const limited = query.select(sql<number>`1`.as('one')).limit(cap + 1);
  const { rows } = await sql<{ n: string }>`select count(*) as n from (${limited}) as matches`.execute(db);
  const counted = Number(rows[0]?.n ?? 0);
  return { totalResults: Math.min(counted, cap), totalCapped: counted > cap };
}
