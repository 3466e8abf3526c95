/**
 * The search-provider registry (admin-console §2.2 `/search/{searchType}`, §4 "Search"): each area
 * registers what it can search (users, devices, organisations; certificates and smartcards join as their
 * areas land) and the permission needed to see those results; the search area only dispatches.
 * `app.ts` builds one registry and registers each area's provider, so no area imports another for this.
 */
import type { SearchHit } from '@tessera/domain';
import type { Db } from '../db/database';
import type { AuthContext } from './types';

/** One searchable kind of record. */
export interface SearchProvider {
  /** The `{searchType}` of the route, e.g. `users`. */
  type: string;
  /** Human label of the tab. */
  label: string;
  /** Permission needed to search this type. */
  permission: string;
  /** A page of hits for `text` ('' lists all) within the viewer's tenant. */
  search(db: Db, auth: AuthContext, query: { text: string; skip: number; take: number }): Promise<{ totalResults: number; totalCapped?: boolean; results: SearchHit[] }>;
}

/** The registry. */
export interface SearchRegistry {
  /** Adds a provider. @throws Error when the type is registered already */
  register(provider: SearchProvider): void;
  /** The provider of a type, if any. */
  get(type: string): SearchProvider | undefined;
  /** Every provider, in registration order. */
  all(): readonly SearchProvider[];
}

/** A new, empty registry. */
export function createSearchRegistry(): SearchRegistry {
  const providers = new Map<string, SearchProvider>();
  return {
    register(provider) {
      if (providers.has(provider.type)) throw new Error(`search-registry: the search type '${provider.type}' is registered twice`);
      providers.set(provider.type, provider);
    },
    get: (type) => providers.get(type),
    all: () => [...providers.values()],
  };
}
