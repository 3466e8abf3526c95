/**
 * `GET /api/dps/smartcard-requests` and `POST /api/dps/smartcard-request/{id}/close` [smartcardRequest] (designed;
 * docs/api.md "Smartcard requests"): the operators' list of smartcard requests beside the request form.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { CARD_REQUEST_CLOSED_STATUSES, CARD_REQUEST_STATUSES } from '@tessera/domain';
import { errorResponses, SafeString, Uuid } from '../platform/schemas';
import { StringEnum } from '../platform/string-enum';
import { actorOf, requireAuth } from '../platform/request';
import * as service from './card-requests.service';

const tags = ['smartcards'];
const config = { auth: 'session', permission: 'smartcardRequest' } as const;

const EntrySchema = Type.Object({
  id: Type.String(),
  userId: Type.String(),
  username: Type.String(),
  status: StringEnum(CARD_REQUEST_STATUSES),
  comment: Type.Union([Type.String(), Type.Null()]),
  priority: Type.Union([Type.Literal('normal'), Type.Literal('urgent'), Type.Null()]),
  cardTemplateName: Type.Union([Type.String(), Type.Null()]),
  self: Type.Boolean(),
  requestedBy: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
});
const QuerySchema = Type.Object(
  {
    status: Type.Optional(StringEnum(CARD_REQUEST_STATUSES)),
    search: Type.Optional(SafeString({ maxLength: 100 })),
    skip: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
    take: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  },
  { additionalProperties: false },
);

/** Registers the request list and its close call. */
export const cardRequestsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db, audit: app.audit, now: () => app.now() };
  app.get(
    '/api/dps/smartcard-requests',
    { config, schema: { summary: "The tenant's smartcard requests (open ones unless `status` says otherwise), newest first", tags, querystring: QuerySchema, response: { 200: Type.Object({ totalResults: Type.Integer(), results: Type.Array(EntrySchema) }), ...errorResponses(400, 401, 403) } } },
    async (request) => service.listCardRequests(deps, requireAuth(request), request.query),
  );
  app.post(
    '/api/dps/smartcard-request/:id/close',
    {
      config,
      schema: {
        summary: 'Close an open smartcard request as done or rejected',
        tags,
        params: Type.Object({ id: Uuid() }),
        body: Type.Object({ status: StringEnum(CARD_REQUEST_CLOSED_STATUSES) }, { additionalProperties: false }),
        response: { 200: Type.Object({ id: Type.String(), status: StringEnum(CARD_REQUEST_STATUSES) }), ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => service.closeCardRequest(deps, requireAuth(request), actorOf(request), request.params.id, request.body.status),
  );
};
