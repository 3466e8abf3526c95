import type { Generated, Selectable } from 'kysely';

/** `search_favourites`: a user's saved search queries (admin-console §3, §7). */
export interface SearchFavouritesTable {
  id: Generated<string>;
  tenant_id: string;
  user_id: string;
  search_type: string;
  query: string;
  created_at: Generated<Date>;
}

/** A favourite row. */
export type SearchFavouriteRow = Selectable<SearchFavouritesTable>;
