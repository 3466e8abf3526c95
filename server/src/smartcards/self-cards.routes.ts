/**
 * Self-service smartcard routes (issue 15; admin-console §2.2 `/self/portal/`, `/self/requestSmartcard/{id}`;
 * docs/api.md "Self-service smartcards"): selfServicePortal, session only (no API key), the viewer's own cards
 * and card request only.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { SELF_CARD_REQUEST_REASON_MAX } from '@tessera/domain';
import { errorResponses, SafeString, Uuid } from '../platform/schemas';
import { actorOf, requireAuth } from '../platform/request';
import { SmartcardSchema } from './cards.routes';
import * as service from './self-cards.service';

const tags = ['smartcards'];
const config = { auth: 'session', permission: 'selfServicePortal', apiKey: false } as const;

const SelfSmartcardSchema = Type.Object({
  ...SmartcardSchema.properties,
  certificates: Type.Array(Type.Object({ slot: Type.String(), certId: Type.String(), caId: Type.String(), serialNumber: Type.String(), notAfter: Type.String(), pem: Type.String(), subject: Type.String() })),
  cardTemplateName: Type.Union([Type.String(), Type.Null()]),
  hasLayout: Type.Boolean(),
});

const SelfCardRequestSchema = Type.Object(
  { cardTemplateId: Uuid(), reason: SafeString({ minLength: 1, maxLength: SELF_CARD_REQUEST_REASON_MAX }) },
  { additionalProperties: false },
);

/** Registers GET /api/self/smartcards, GET /api/self/smartcards/:cardId/picture, GET /api/self/card-templates and POST /api/self/smartcard-request/:id. */
export const selfCardsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db, audit: app.audit, sessions: app.sessions, now: () => app.now() };

  app.get(
    '/api/self/smartcards',
    { config, schema: { summary: "List the signed-in user's own smartcards", tags, response: { 200: Type.Array(SelfSmartcardSchema), ...errorResponses(401, 403) } } },
    async (request) => service.myCards(deps, requireAuth(request)),
  );

  app.get(
    '/api/self/smartcards/:cardId/picture',
    {
      config,
      schema: {
        summary: "Render the signed-in user's own card with its template's layout and the user's data (403 for another user's card, 404 without a layout)",
        tags,
        params: Type.Object({ cardId: Uuid() }),
        response: { 200: Type.Object({ frontCompressed: Type.String({ description: 'PNG, base64' }), backCompressed: Type.String({ description: 'PNG, base64' }) }), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.myCardPicture(deps, requireAuth(request), request.params.cardId),
  );

  app.get(
    '/api/self/card-templates',
    {
      config,
      schema: { summary: 'List the card templates the signed-in user may request (id and name)', tags, response: { 200: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })), ...errorResponses(401, 403) } },
    },
    async (request) => service.requestableTemplates(deps, requireAuth(request)),
  );

  app.post(
    '/api/self/smartcard-request/:id',
    {
      config,
      schema: {
        summary: 'Request a smartcard for oneself ({id}: the signed-in user id; one open request per user)',
        tags,
        params: Type.Object({ id: Uuid() }),
        body: SelfCardRequestSchema,
        response: { 201: Type.Object({ requestId: Type.String() }), ...errorResponses(400, 401, 403, 409, 503) },
      },
    },
    async (request, reply) => reply.code(201).send(await service.requestOwnCard(deps, requireAuth(request), actorOf(request), request.params.id, request.body)),
  );
};
