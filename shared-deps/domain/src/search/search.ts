/**
 * Search (admin-console §2.2 `/search`, `/search/{searchType}`; §4 "Search: has loading, new search and
 * failure (total -1). Results are stale after 5 minutes. Sign-out resets search to the users tab.";
 * §7 favourites). Pure state rules shared by the console and the CLI. Paging (10 a page, 10 pages a
 * block): the server counts a total up to {@link pageBlockEnd}; the links are @tessera/ui's `pageBlock`.
 */
import { PAGES_PER_BLOCK, RESULTS_PER_PAGE, SEARCH_STALE_MS } from '../common/constants';

/** The tab search opens on, and returns to at sign-out. */
export const DEFAULT_SEARCH_TYPE = 'users';
/** The total that marks a failed search (admin-console §4). */
export const SEARCH_FAILED_TOTAL = -1;
/** Longest search text. */
export const SEARCH_TEXT_MAX_LENGTH = 200;
/** Most favourites one user keeps. */
export const FAVOURITES_MAX = 50;

/** One result row. */
export interface SearchHit {
  id: string;
  type: string;
  /** Main line (username, host name, organisation name). */
  title: string;
  /** Second line (name and e-mail, address, type). */
  subtitle: string;
}

/** Answer of a search. */
export interface SearchResponse {
  searchType: string;
  text: string;
  skip: number;
  totalResults: number;
  /** True when there are more than `totalResults` (a capped count: up to the end of the page's block, {@link pageBlockEnd}). */
  totalCapped?: boolean;
  results: SearchHit[];
}

/** A saved query (favourite). */
export interface SearchFavourite {
  id: string;
  searchType: string;
  query: string;
  createdAt: string;
}

/** Client-side state of one search tab. `status` 'new' is a search not yet run. */
export interface SearchState {
  searchType: string;
  text: string;
  page: number;
  status: 'new' | 'loading' | 'done' | 'failed';
  totalResults: number;
  results: SearchHit[];
  /** When the results arrived (ms), for staleness. */
  fetchedAt: number | null;
}

/** A fresh search of a type: the 'new search' state. */
export function newSearchState(searchType: string = DEFAULT_SEARCH_TYPE): SearchState {
  return { searchType, text: '', page: 1, status: 'new', totalResults: 0, results: [], fetchedAt: null };
}

/** The state after a failure: total -1 (admin-console §4). */
export function failedSearchState(state: SearchState): SearchState {
  return { ...state, status: 'failed', totalResults: SEARCH_FAILED_TOTAL, results: [], fetchedAt: null };
}

/** Whether results fetched at `fetchedAt` are stale at `now` (older than 5 minutes). */
export function isSearchStale(fetchedAt: number | null, now: number): boolean {
  return fetchedAt === null || now - fetchedAt > SEARCH_STALE_MS;
}

/**
 * The number of results up to the end of the block of pages (10 pages a block, signin §9) that holds the page
 * starting at result `skip`, `take` a page: 100 for the first ten pages of 10, 200 for the next ten, ….
 * Lists that grow to millions (users, certificates; issue 13 bench: p95 ≤ 50 ms over 1,000,000 users) count
 * their total only this far, plus one row to know that a next block exists (`totalCapped`): the pager shows the
 * block's page links and a link to the next block, and needs no more.
 */
export function pageBlockEnd(skip: number, take: number = RESULTS_PER_PAGE, pagesPerBlock: number = PAGES_PER_BLOCK): number {
  const size = Math.max(1, Math.floor(take));
  // The block of the page's last result, so a page that starts off a page boundary still ends inside the count.
  const page = Math.floor((Math.max(0, Math.floor(skip)) + size - 1) / size);
  return (Math.floor(page / pagesPerBlock) + 1) * pagesPerBlock * size;
}
