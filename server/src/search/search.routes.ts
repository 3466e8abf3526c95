/**
 * Routes of search and favourites (admin-console §2.2 `/search/{searchType}` [search], §7
 * `POST /user/setFavourites {query, userID}`, `GET /user/getFavourites/{userId}`; docs/api.md "Search").
 * The two favourites calls keep the spec's paths outside /api.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SEARCH_TEXT_MAX_LENGTH } from '@tessera/domain';
import { errorResponses, NoContent, SafeString, Uuid } from '../platform/schemas';
import { requireAuth } from '../platform/request';
import type { SearchRegistry } from '../platform/search-registry';
import * as service from './search.service';

const tags = ['search'];
const S = '/api2/Search-v1';

const HitSchema = Type.Object({ id: Type.String(), type: Type.String(), title: Type.String(), subtitle: Type.String() });
const SearchResponseSchema = Type.Object({ searchType: Type.String(), text: Type.String(), skip: Type.Integer(), totalResults: Type.Integer(), totalCapped: Type.Optional(Type.Boolean()), results: Type.Array(HitSchema) });
const FavouriteSchema = Type.Object({ id: Type.String(), searchType: Type.String(), query: Type.String(), createdAt: Type.String() });
const SearchType = Type.String({ minLength: 1, maxLength: 40, pattern: '^[a-z]+$' });

/** Options: the registry every area's provider was registered into. */
export interface SearchRoutesOptions {
  registry: SearchRegistry;
}

/** Registers the search and favourites routes. */
export const searchRoutes: FastifyPluginAsyncTypebox<SearchRoutesOptions> = async (app, options) => {
  const deps = { db: app.db, registry: options.registry };

  app.get(
    `${S}/SearchTypes`,
    { config: { auth: 'session', permission: 'search' }, schema: { summary: 'List the search types the viewer may use', tags, response: { 200: Type.Array(Type.Object({ type: Type.String(), label: Type.String() })), ...errorResponses(401) } } },
    async (request) => service.searchTypes(deps, requireAuth(request)),
  );
  app.get(
    `${S}/Search/:searchType`,
    {
      config: { auth: 'session', permission: 'search' },
      schema: {
        summary: 'Search users, devices or organisations, 10 a page',
        tags,
        params: Type.Object({ searchType: SearchType }),
        querystring: Type.Object(
          { text: Type.Optional(SafeString({ maxLength: SEARCH_TEXT_MAX_LENGTH })), skip: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })), take: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })) },
          { additionalProperties: false },
        ),
        response: { 200: SearchResponseSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => service.search(deps, requireAuth(request), request.params.searchType, request.query),
  );
  app.get(
    '/user/getFavourites/:userId',
    { config: { auth: 'session', permission: 'search' }, schema: { summary: "Read the viewer's saved search queries", tags, params: Type.Object({ userId: Uuid() }), response: { 200: Type.Object({ savedfavourites: Type.Array(FavouriteSchema) }), ...errorResponses(401) } } },
    async (request) => service.getFavourites(deps, requireAuth(request), request.params.userId),
  );
  app.post(
    '/user/setFavourites',
    {
      config: { auth: 'session', permission: 'search' },
      schema: {
        summary: 'Save a search query as a favourite',
        tags,
        body: Type.Object({ query: SafeString({ minLength: 1, maxLength: SEARCH_TEXT_MAX_LENGTH }), userID: Uuid(), searchType: Type.Optional(SearchType) }, { additionalProperties: false }),
        response: { 200: FavouriteSchema, ...errorResponses(401, 409) },
      },
    },
    async (request) => service.setFavourite(deps, requireAuth(request), request.body),
  );
  app.delete(
    '/user/favourites/:id',
    { config: { auth: 'session', permission: 'search' }, schema: { summary: 'Remove a saved search query', tags, params: Type.Object({ id: Uuid() }), response: { 204: NoContent, ...errorResponses(401, 404) } } },
    async (request, reply) => {
      await service.removeFavourite(deps, requireAuth(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
