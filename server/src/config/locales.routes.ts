/** Routes of locales (admin-console §2.2 `/config/locations` [configureTeSA], §3; docs/api.md "Locales"). */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LOCALE_LEVELS } from '@tessera/domain';
import { errorResponses, NoContent, SafeString, Uuid } from '../platform/schemas';
import { StringEnum } from '../platform/string-enum';
import { actorOf, requireAuth } from '../platform/request';
import * as service from './locales.service';

const tags = ['locales'];
const I = '/api2/IDM-v1';

const LocaleSchema = Type.Object({ id: Type.String(), level: StringEnum(LOCALE_LEVELS), name: Type.String(), parentId: Type.String(), createdAt: Type.String() });
const Name = SafeString({ minLength: 1, maxLength: 100 });
const CreateLocaleSchema = Type.Object({ level: StringEnum(LOCALE_LEVELS), name: Name, parentId: Type.Optional(Type.Union([Type.Literal(''), Uuid()])) }, { additionalProperties: false });
const RenameLocaleSchema = Type.Object({ id: Uuid(), name: Name }, { additionalProperties: false });

/** Registers the locale routes. Reading is open to every signed-in viewer (pickers); writing needs configureTeSA. */
export const localesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db, audit: app.audit };

  app.get(
    `${I}/Locales`,
    { config: { auth: 'session' }, schema: { summary: 'List the locales of the tenant', tags, response: { 200: Type.Array(LocaleSchema), ...errorResponses(401) } } },
    async (request) => service.listLocales(deps, requireAuth(request)),
  );
  app.post(
    `${I}/Locale`,
    { config: { auth: 'session', permission: 'configureTeSA' }, schema: { summary: 'Add a locale', tags, body: CreateLocaleSchema, response: { 201: LocaleSchema, ...errorResponses(401, 404, 409, 503) } } },
    async (request, reply) => reply.code(201).send(await service.createLocale(deps, requireAuth(request), actorOf(request), request.body)),
  );
  app.put(
    `${I}/Locale`,
    { config: { auth: 'session', permission: 'configureTeSA' }, schema: { summary: 'Rename a locale', tags, body: RenameLocaleSchema, response: { 200: LocaleSchema, ...errorResponses(401, 404, 409, 503) } } },
    async (request) => service.renameLocale(deps, requireAuth(request), actorOf(request), request.body),
  );
  app.delete(
    `${I}/Locale/:id`,
    { config: { auth: 'session', permission: 'configureTeSA' }, schema: { summary: 'Delete a locale holding none', tags, params: Type.Object({ id: Uuid() }), response: { 204: NoContent, ...errorResponses(401, 404, 409, 503) } } },
    async (request, reply) => {
      await service.deleteLocale(deps, requireAuth(request), actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
