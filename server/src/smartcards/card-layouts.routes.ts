/**
 * Routes of card layouts (issue 16; signin §7 CMS-v2 `CardLayoutCompressed?cardSerial or userId and templateId`,
 * `CardLayoutCompressedUserData {userData, templateId}`, `CardLayoutCompressedUserDataStream`; docs/api.md "Card
 * layouts"): read and save a card template's layout (`CardLayout`, designed), and render it with a user's data.
 * The images answered are PNG, base64, as `frontCompressed` and `backCompressed` (the first of the spec's two
 * forms). smartcardManage only. TypeBox checks the shape; domain's `validateCardLayout` names a refused field.
 */
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { CARD_USER_FIELDS } from '@tessera/domain';
import { errorResponses, responseOf, SafeString, Uuid } from '../platform/schemas';
import { actorOf, requireAuth } from '../platform/request';
import * as service from './card-layouts.service';

const tags = ['smartcards'];
const P = '/api2/CMS-v2';
const config = { auth: 'session', permission: 'smartcardManage' } as const;
/** Two background images of 512 KiB each, base64, exceed the 1 MiB default: layout bodies take the upload limit. */
const uploadConfig = { ...config, upload: true } as const;
/** Users in one stream request. */
const STREAM_MAX_USERS = 100;

const Side = Type.Object({ background: Type.Optional(Type.Object({}, { additionalProperties: true })), elements: Type.Optional(Type.Array(Type.Object({}, { additionalProperties: true }), { maxItems: 30 })) });
const LayoutSchema = Type.Object({ front: Side, back: Type.Optional(Side) }, { description: 'front and back: background {color, image}, elements (text, photo, qr), mm on the CR80 card' });
const UserData = Type.Object(
  { ...Object.fromEntries(CARD_USER_FIELDS.map((f) => [f, Type.Optional(Type.String({ maxLength: 500 }))])), extensions: Type.Optional(Type.Record(Type.String(), Type.String({ maxLength: 500 }))) },
  { additionalProperties: false },
);
const Images = Type.Object({ frontCompressed: Type.String({ description: 'PNG, base64' }), backCompressed: Type.String({ description: 'PNG, base64' }) });
const LayoutAnswer = Type.Object({ cardTemplateId: Type.String(), layout: Type.Unknown() });

/** Registers the card layout routes. */
export const cardLayoutsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db, audit: app.audit, sessions: app.sessions, now: app.now };

  app.get(
    `${P}/CardLayout`,
    { config, schema: { summary: "Read a card template's layout", tags, querystring: Type.Object({ templateId: Uuid() }, { additionalProperties: false }), response: { 200: LayoutAnswer, ...errorResponses(401, 403, 404) } } },
    async (request) => service.getCardLayout(deps, requireAuth(request), request.query.templateId),
  );
  app.put(
    `${P}/CardLayout`,
    {
      config: uploadConfig,
      schema: { summary: "Save a card template's layout", tags, body: Type.Object({ templateId: Uuid(), layout: LayoutSchema }, { additionalProperties: false }), response: { 200: LayoutAnswer, ...errorResponses(400, 401, 403, 404, 503) } },
    },
    async (request) => service.setCardLayout(deps, requireAuth(request), actorOf(request), request.body.templateId, request.body.layout),
  );
  app.get(
    `${P}/CardLayoutCompressed`,
    {
      config,
      schema: {
        summary: "Render a card's images: by card serial, or by user and card template",
        tags,
        querystring: Type.Object({ cardSerial: Type.Optional(SafeString({ minLength: 1, maxLength: 100 })), userId: Type.Optional(Uuid()), templateId: Type.Optional(Uuid()) }, { additionalProperties: false }),
        response: { 200: Images, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.renderForUser(deps, requireAuth(request), request.query),
  );
  app.post(
    `${P}/CardLayoutCompressedUserData`,
    {
      config: uploadConfig,
      schema: {
        summary: "Render a card template's layout with the given user data (a layout in the body previews it unsaved)",
        tags,
        body: Type.Object({ userData: UserData, templateId: Uuid(), layout: Type.Optional(LayoutSchema) }, { additionalProperties: false }),
        response: { 200: Images, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.renderUserData(deps, requireAuth(request), request.body),
  );
  app.post(
    `${P}/CardLayoutCompressedUserDataStream`,
    {
      config,
      schema: {
        summary: 'Render a card template for many users: one JSON line a user (application/x-ndjson), as each is ready',
        tags,
        body: Type.Object({ templateId: Uuid(), users: Type.Array(Type.Union([Type.Object({ userId: Uuid() }, { additionalProperties: false }), Type.Object({ userData: UserData }, { additionalProperties: false })]), { minItems: 1, maxItems: STREAM_MAX_USERS }) }, { additionalProperties: false }),
        response: { 200: responseOf('One JSON object a user, a line each, as each is rendered', { 'application/x-ndjson': Type.String() }), ...errorResponses(401, 404, 503) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { templateId, users } = request.body;
      await service.getCardLayout(deps, auth, templateId); // 404 before the stream starts
      async function* lines() {
        for (const [index, user] of users.entries()) {
          try {
            const images = 'userId' in user ? await service.renderForUser(deps, auth, { userId: user.userId, templateId }) : await service.renderUserData(deps, auth, { userData: user.userData, templateId });
            yield `${JSON.stringify({ index, ...('userId' in user ? { userId: user.userId } : {}), ...images })}\n`;
          } catch (error) {
            yield `${JSON.stringify({ index, error: error instanceof Error ? error.message : 'An unexpected error occurred' })}\n`;
          }
        }
      }
      return reply.type('application/x-ndjson').send(Readable.from(lines()));
    },
  );
};
