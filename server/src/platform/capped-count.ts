/**
 * The capped count of a list over a table that grows to millions (issues 12 and 13: p95 ≤ 50 ms over
 * 1,000,000 rows): count the matches up to the end of the block of 10 pages that holds the page asked for
 * (domain `pageBlockEnd`), and one more to know a next block exists, then stop. The pager shows that block's page
 * links and a link to the next block; a page turn reads at most one block of index entries past the page instead
 * of every match of a million-row tenant.
 */
import { pageBlockEnd } from '@tessera/domain';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { DbOrTrx } from '../db/database';

/** `totalResults` (at most the end of the page's block) and whether the count stopped there. */
export interface CappedCount {
  totalResults: number;
  totalCapped: boolean;
}

/**
 * Counts the rows `query` (filters only: no select, order or paging) would return, up to `pageBlockEnd(skip, take)`
 * and one row past it.
 * @param skip - the offset of the page asked for; @param take - its size (the block is 10 such pages).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table of any query
export async function cappedCount(db: DbOrTrx, query: SelectQueryBuilder<any, any, any>, skip: number, take: number): Promise<CappedCount> {
  const limit = pageBlockEnd(skip, take);
  const limited = query.select(sql<number>`1`.as('one')).limit(limit + 1);
  const { rows } = await sql<{ n: string }>`select count(*) as n from (${limited}) as matches`.execute(db);
  const counted = Number(rows[0]?.n ?? 0);
  return { totalResults: Math.min(counted, limit), totalCapped: counted > limit };
}
