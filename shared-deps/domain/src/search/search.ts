/**
 * Search (admin-console §2.2 `/search`, `/search/{searchType}`; §4 "Search: has loading, new search and
 * failure (total -1). Results are stale after 5 minutes. Sign-out resets search to the users tab.";
 * §7 favourites). Pure state rules shared by the console and the CLI. Paging (10 a page, 10 pages a
 * block) is @tessera/ui's `pageBlock`, not repeated here.
 */
import { SEARCH_STALE_MS } from '../common/constants';

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
  /** True when there are more than `totalResults` (a capped count: LIST_TOTAL_CAP past the page asked for). */
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
