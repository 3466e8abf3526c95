/**
 * Search and favourites (admin-console §2.2 `/search/{searchType}` [search], §4 "Search", §7
 * favourites). A search runs on the server through the provider registered for its type, paged 10 a
 * page; the viewer needs `search` and the provider's own permission. Favourites are personal: a user
 * reads and writes only their own (another user's id is 403, another tenant's 404 like an unknown one).
 */
import { FAVOURITES_MAX, RESULTS_PER_PAGE, type SearchFavourite, type SearchResponse } from '@tessera/domain';
import type { Db } from '../db/database';
import type { AuthContext } from '../platform/types';
import type { SearchRegistry } from '../platform/search-registry';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../platform/errors';
import type { SearchFavouriteRow } from './search.table';

/** What the search service needs. */
export interface SearchDeps {
  db: Db;
  registry: SearchRegistry;
}

/** The search types the viewer may use, in registration order. */
export function searchTypes(deps: SearchDeps, auth: AuthContext): { type: string; label: string }[] {
  return deps.registry
    .all()
    .filter((provider) => auth.permissions?.has(provider.permission))
    .map(({ type, label }) => ({ type, label }));
}

/** `GET Search/{searchType}`. @throws NotFoundError (unknown type), ForbiddenError (provider permission missing) */
export async function search(deps: SearchDeps, auth: AuthContext, searchType: string, query: { text?: string; skip?: number; take?: number }): Promise<SearchResponse> {
  const provider = deps.registry.get(searchType);
  if (!provider) throw new NotFoundError(`The search type '${searchType}'`);
  if (!auth.permissions?.has(provider.permission)) throw new ForbiddenError(`Searching ${provider.label.toLowerCase()} needs the ${provider.permission} permission`);
  const text = (query.text ?? '').trim();
  const skip = query.skip ?? 0;
  const page = await provider.search(deps.db, auth, { text, skip, take: query.take ?? RESULTS_PER_PAGE });
  return { searchType, text, skip, totalResults: page.totalResults, ...(page.totalCapped ? { totalCapped: true } : {}), results: page.results };
}

function toFavourite(row: SearchFavouriteRow): SearchFavourite {
  return { id: row.id, searchType: row.search_type, query: row.query, createdAt: row.created_at.toISOString() };
}

function ownOnly(auth: AuthContext, userId: string): void {
  if (userId !== auth.userId) throw new ForbiddenError('Favourites can be read and saved only by their owner');
}

/** `GET /user/getFavourites/{userId}`: the viewer's saved queries, newest first. */
export async function getFavourites(deps: SearchDeps, auth: AuthContext, userId: string): Promise<{ savedfavourites: SearchFavourite[] }> {
  ownOnly(auth, userId);
  const rows = await deps.db.selectFrom('search_favourites').selectAll().where('tenant_id', '=', auth.tenantId).where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id').execute();
  return { savedfavourites: rows.map(toFavourite) };
}

/**
 * `POST /user/setFavourites {query, userID}`: saves a query of a registered type (saving the same query
 * again answers the saved one). At most {@link FAVOURITES_MAX} per user.
 */
export async function setFavourite(deps: SearchDeps, auth: AuthContext, body: { query: string; userID: string; searchType?: string }): Promise<SearchFavourite> {
  ownOnly(auth, body.userID);
  const searchType = body.searchType ?? 'users';
  if (!deps.registry.get(searchType)) throw new ValidationError('searchType', `must be one of ${deps.registry.all().map((p) => p.type).join(', ')}`);
  const query = body.query.trim();
  if (query === '') throw new ValidationError('query', 'must not be blank');
  return deps.db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('search_favourites').selectAll().where('user_id', '=', auth.userId).where('search_type', '=', searchType).where('query', '=', query).executeTakeFirst();
    if (existing) return toFavourite(existing);
    const count = await trx.selectFrom('search_favourites').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', auth.userId).executeTakeFirstOrThrow();
    if (Number(count.n) >= FAVOURITES_MAX) throw new ConflictError('query', `At most ${FAVOURITES_MAX} favourites can be saved; remove one first.`);
    const row = await trx.insertInto('search_favourites').values({ tenant_id: auth.tenantId, user_id: auth.userId, search_type: searchType, query }).returningAll().executeTakeFirstOrThrow();
    return toFavourite(row);
  });
}

/** `DELETE /user/favourites/{id}`: removes one of the viewer's favourites. @throws NotFoundError */
export async function removeFavourite(deps: SearchDeps, auth: AuthContext, id: string): Promise<void> {
  const result = await deps.db.deleteFrom('search_favourites').where('tenant_id', '=', auth.tenantId).where('user_id', '=', auth.userId).where('id', '=', id).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw new NotFoundError('The favourite');
}
