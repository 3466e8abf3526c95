/**
 * Routes of the smartcard applet catalogue and the applet upload (issue 16; signin §7; docs/api.md "Smartcard
 * applets"): SmartcardApplets (paged, searched, sorted), SmartcardApplet?applet_id, AddSmartcardApplet (a CAP
 * file in base64, with its own body limit: `config.upload: 'cap'`), PATCH and DELETE SmartcardApplet, and
 * BatchAppletUpload on CMS-v1 and -v2. smartcardManage only.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { APPLET_LIMITS, APPLET_SORT_KEYS } from '@tessera/domain';
import { errorResponses, NoContent, SafeString, Uuid } from '../platform/schemas';
import { actorOf, requireAuth } from '../platform/request';
import { secretBoxFor } from '../platform/secret-box';
import * as service from './applets.service';

const tags = ['smartcards'];
const P = '/api2/CMS-v2';
const VERSIONS = ['CMS-v1', 'CMS-v2'] as const;
const config = { auth: 'session', permission: 'smartcardManage' } as const;

const AppletSchema = Type.Object({
  applet_id: Type.String(),
  name: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  fileName: Type.String(),
  packageAid: Type.String(),
  appletAids: Type.Array(Type.String()),
  version: Type.String(),
  size: Type.Integer(),
  sha256: Type.String(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
const Description = () => Type.Optional(Type.Union([SafeString({ maxLength: APPLET_LIMITS.descriptionMaxLength }), Type.Null()]));
const AddSchema = Type.Object(
  {
    name: SafeString({ maxLength: APPLET_LIMITS.nameMaxLength }),
    description: Description(),
    fileName: SafeString({ minLength: 1, maxLength: APPLET_LIMITS.fileNameMaxLength }),
    cap: Type.String({ minLength: 1, maxLength: Math.ceil(APPLET_LIMITS.capMaxBytes / 3) * 4, pattern: '^[A-Za-z0-9+/]+={0,2}$', description: 'the CAP file, base64' }),
  },
  { additionalProperties: false },
);
const PatchSchema = Type.Object({ applet_id: Uuid(), name: Type.Optional(SafeString({ maxLength: APPLET_LIMITS.nameMaxLength })), description: Description() }, { additionalProperties: false });
const ListQuery = Type.Object(
  {
    search: Type.Optional(SafeString({ maxLength: 200 })),
    sort: Type.Optional(Type.Union(APPLET_SORT_KEYS.map((k) => Type.Literal(k)))),
    order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
    page: Type.Optional(Type.Integer({ minimum: 1 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: APPLET_LIMITS.pageSizeMax })),
  },
  { additionalProperties: false },
);
const UploadSchema = Type.Object(
  {
    reader: SafeString({ minLength: 1, maxLength: 200 }),
    card_count: Type.Integer({ description: `1 to ${APPLET_LIMITS.cardCountMax}` }),
    applet_id: Uuid({ description: 'the catalogue applet to install (the spec names no applet in the body: designed)' }),
    skip_cards: Type.Optional(Type.Array(Type.String({ pattern: '^[0-9A-Fa-f]{20}$' }), { maxItems: APPLET_LIMITS.cardCountMax, description: 'cards (KDD, hex) already done: waited past' })),
  },
  { additionalProperties: false },
);
const UploadResultSchema = Type.Object({
  applet_id: Type.String(),
  reader: Type.String(),
  cards: Type.Array(Type.Object({ cardId: Type.String(), ok: Type.Boolean(), error: Type.Union([Type.String(), Type.Null()]), installed: Type.Array(Type.String()) })),
  succeeded: Type.Integer(),
  failed: Type.Integer(),
});

/** Registers the applet routes. */
export const appletsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db, audit: app.audit, now: () => app.now(), hub: app.agentHub, box: secretBoxFor(app.config), cardWaitMs: APPLET_LIMITS.cardWaitSeconds * 1000 };

  app.get(
    `${P}/SmartcardApplets`,
    { config, schema: { summary: 'List the applet catalogue (paged, searched and sorted)', tags, querystring: ListQuery, response: { 200: Type.Object({ applets: Type.Array(AppletSchema), total: Type.Integer(), page: Type.Integer(), pageSize: Type.Integer() }), ...errorResponses(401) } } },
    async (request) => service.listApplets(deps, requireAuth(request), request.query),
  );
  app.get(
    `${P}/SmartcardApplet`,
    { config, schema: { summary: 'Read an applet of the catalogue', tags, querystring: Type.Object({ applet_id: Uuid() }, { additionalProperties: false }), response: { 200: AppletSchema, ...errorResponses(401, 404) } } },
    async (request) => service.getApplet(deps, requireAuth(request), request.query.applet_id),
  );
  app.post(
    `${P}/AddSmartcardApplet`,
    { config: { ...config, upload: 'cap' }, schema: { summary: 'Add a JavaCard CAP file to the applet catalogue', tags, body: AddSchema, response: { 201: AppletSchema, ...errorResponses(401, 409, 413, 503) } } },
    async (request, reply) => reply.code(201).send(await service.addApplet(deps, requireAuth(request), actorOf(request), request.body)),
  );
  app.patch(
    `${P}/SmartcardApplet`,
    { config, schema: { summary: 'Rename or describe an applet', tags, body: PatchSchema, response: { 200: AppletSchema, ...errorResponses(401, 404, 503) } } },
    async (request) => {
      const { applet_id, ...rest } = request.body;
      return service.updateApplet(deps, requireAuth(request), actorOf(request), applet_id, rest);
    },
  );
  app.delete(
    `${P}/SmartcardApplet`,
    { config, schema: { summary: 'Delete an applet from the catalogue', tags, body: Type.Object({ applet_id: Uuid() }, { additionalProperties: false }), response: { 204: NoContent, ...errorResponses(401, 404, 503) } } },
    async (request, reply) => {
      await service.deleteApplet(deps, requireAuth(request), actorOf(request), request.body.applet_id);
      return reply.code(204).send(null);
    },
  );
  for (const v of VERSIONS) {
    app.post(
      `/api2/${v}/BatchAppletUpload`,
      {
        config,
        schema: {
          summary: 'Load and install a catalogue applet on each card presented in a reader of the caller\'s CMS Client, over SCP03',
          tags,
          body: UploadSchema,
          response: { 200: UploadResultSchema, ...errorResponses(400, 401, 404, 502, 503, 504) },
        },
      },
      async (request) => service.batchAppletUpload(deps, requireAuth(request), actorOf(request), request.body),
    );
  }
};
