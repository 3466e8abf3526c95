/**
 * The selective parts of a user search term (issue 13 bench: p95 ≤ 50 ms over 1,000,000 users in PostgreSQL).
 *
 * The trigram index answers `text ILIKE '%term%'` by intersecting the posting lists of every trigram of the term.
 * A trigram that most users share (`use`, `ser`, `er0`, `r00` in `user0012345` when every username is `user…`;
 * `exa`, `amp` of a common mail domain) has a posting list of nearly the whole table, and stepping through it for
 * each candidate is most of the search's time (EXPLAIN ANALYZE, session 9: 1,100 index pages and 13–30 ms for
 * `%user0012345%`, 46 pages and 0.7 ms for `%0012345%`). So the index is asked only for the term's runs whose
 * trigrams are rare among the tenant's users (a sample of them), and the whole term is checked on the rows it
 * finds: the same matches, since a row that contains the term contains each of its parts.
 */
import { sql, type RawBuilder } from 'kysely';
import type { DbOrTrx } from '../db/database';

/** A trigram in more than this share of the sampled users is too common to narrow the index scan. */
export const COMMON_TRIGRAM_SHARE = 0.1;
/** Users sampled per tenant, and how long a sample is kept. */
const SAMPLE_ROWS = 5000;
const SAMPLE_TTL_MS = 10 * 60_000;

/** The distinct 3-character windows of `text`, lower-cased. */
export function trigramsOf(text: string): Set<string> {
  const lower = text.toLowerCase();
  const out = new Set<string>();
  for (let i = 0; i + 3 <= lower.length; i++) out.add(lower.slice(i, i + 3));
  return out;
}

/**
 * The maximal runs of `term` (lower-cased, at least 3 characters) whose every trigram has a share of at most `maxShare`,
 * keeping only runs with 3 letters or digits in a row (a run the trigram index can extract nothing from would make it
 * read everything). `[term]` (lower-cased) when no trigram of it is common; `[]` when no run is left (a broad term:
 * the caller searches the whole term).
 */
export function selectiveParts(term: string, share: (trigram: string) => number, maxShare: number = COMMON_TRIGRAM_SHARE): string[] {
  const lower = term.toLowerCase();
  const parts: string[] = [];
  let start = -1;
  for (let i = 0; i + 3 <= lower.length; i++) {
    const rare = share(lower.slice(i, i + 3)) <= maxShare;
    if (rare && start < 0) start = i;
    if (!rare && start >= 0) {
      parts.push(lower.slice(start, i + 2));
      start = -1;
    }
  }
  if (start >= 0) parts.push(lower.slice(start));
  return parts.filter((part) => /[\p{L}\p{N}]{3}/u.test(part));
}

/** The share of a tenant's users whose search text holds each trigram, from a sample. */
export type TrigramShares = (trigram: string) => number;

const samples = new Map<string, { at: number; shares: Promise<TrigramShares> }>();

async function sampleShares(db: DbOrTrx, tenantId: string, searchText: RawBuilder<string>): Promise<TrigramShares> {
  // A sample of the table's pages (all of a small table): the planner's row estimate sets the percentage.
  const { rows: size } = await sql<{ n: number | string | null }>`select reltuples as n from pg_class where relname = 'users' and relkind = 'r'`.execute(db);
  const estimate = Math.max(1, Number(size[0]?.n ?? 0));
  const percent = Math.min(100, Math.max(0.01, (100 * SAMPLE_ROWS * 2) / estimate));
  const { rows } = await sql<{ t: string }>`select ${searchText} as t from users tablesample system (${sql.lit(Number(percent.toFixed(4)))}) where tenant_id = ${tenantId}::uuid limit ${SAMPLE_ROWS}`.execute(db);
  const counts = new Map<string, number>();
  for (const row of rows) for (const trigram of trigramsOf(row.t)) counts.set(trigram, (counts.get(trigram) ?? 0) + 1);
  const total = rows.length;
  return (trigram) => (total === 0 ? 0 : (counts.get(trigram) ?? 0) / total);
}

/**
 * The tenant's trigram shares, sampled at most every 10 minutes per tenant (searches do not wait for each other's
 * sample). A stale sample only makes a search slower, never different.
 */
export function trigramShares(db: DbOrTrx, tenantId: string, searchText: RawBuilder<string>, now: number = Date.now()): Promise<TrigramShares> {
  const cached = samples.get(tenantId);
  if (cached && now - cached.at < SAMPLE_TTL_MS) return cached.shares;
  const shares = sampleShares(db, tenantId, searchText);
  samples.set(tenantId, { at: now, shares });
  shares.catch(() => samples.delete(tenantId));
  return shares;
}
