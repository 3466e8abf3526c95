/** Routes of the temporary pass calls and the smartcard request (admin-console §7; docs/api.md). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../platform/schemas';
import { actorOf, requireAuth } from '../platform/request';
import * as service from './temporary-passes.service';
import {
  AccountsSchema,
  ActivationSchema,
  AssignGuestSchema,
  AssignPositiveSchema,
  AvailabilityParams,
  AvailabilitySchema,
  BatchPrintResponseSchema,
  BatchPrintSchema,
  MisplacedSchema,
  ReturnSchema,
  SmartcardRequestResponseSchema,
  SmartcardRequestSchema,
  TemporaryPassListsSchema,
  TemporaryPassSchema,
  UserParams,
} from './temporary-passes.schemas';
import { Type } from '@sinclair/typebox';

const tags = ['smartcards'];
const T = '/api/smartcards/temporary';
const config = { auth: 'session', permission: 'smartcardTemporary' } as const;

/** Registers the temporary pass routes and POST /api/dps/smartcard-request. */
export const temporaryPassesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db, audit: app.audit, now: () => app.now() };

  app.get(T, { config, schema: { tags, response: { 200: TemporaryPassListsSchema, ...errorResponses(401) } } }, async (request) => service.lists(deps, requireAuth(request)));

  app.get(`${T}/accounts`, { config, schema: { tags, response: { 200: AccountsSchema, ...errorResponses(401) } } }, async (request) =>
    service.accounts(deps, requireAuth(request)),
  );

  app.get(
    `${T}/user/:id`,
    { config, schema: { tags, params: UserParams, response: { 200: Type.Array(TemporaryPassSchema), ...errorResponses(401, 404) } } },
    async (request) => service.passesOfUser(deps, requireAuth(request), request.params.id),
  );

  app.get(
    `${T}/availability/:type/:passNumber`,
    { config, schema: { tags, params: AvailabilityParams, response: { 200: AvailabilitySchema, ...errorResponses(401) } } },
    async (request) => service.availability(deps, requireAuth(request), request.params.type, request.params.passNumber),
  );

  app.post(
    `${T}/positive/assign`,
    { config, schema: { tags, body: AssignPositiveSchema, response: { 200: TemporaryPassSchema, ...errorResponses(401, 404, 409, 503) } } },
    async (request) => service.issueToUser(deps, requireAuth(request), actorOf(request), request.body),
  );

  app.post(
    `${T}/guest/assign`,
    { config, schema: { tags, body: AssignGuestSchema, response: { 201: TemporaryPassSchema, ...errorResponses(401, 404, 409, 503) } } },
    async (request, reply) => reply.code(201).send(await service.issueToGuest(deps, requireAuth(request), actorOf(request), request.body)),
  );

  app.post(
    `${T}/return`,
    { config, schema: { tags, body: ReturnSchema, response: { 200: TemporaryPassSchema, ...errorResponses(401, 404, 409, 503) } } },
    async (request) => service.returnPass(deps, requireAuth(request), actorOf(request), request.body.passNumber),
  );

  app.post(
    `${T}/misplaced`,
    { config, schema: { tags, body: MisplacedSchema, response: { 200: TemporaryPassSchema, ...errorResponses(401, 404, 409, 503) } } },
    async (request) => service.misplacedPass(deps, requireAuth(request), actorOf(request), request.body),
  );

  app.post(
    `${T}/activation`,
    { config, schema: { tags, body: ActivationSchema, response: { 200: TemporaryPassSchema, ...errorResponses(401, 404, 503) } } },
    async (request) => service.activation(deps, requireAuth(request), actorOf(request), request.body),
  );

  app.post(
    `${T}/batch/print`,
    { config, schema: { tags, body: BatchPrintSchema, response: { 201: BatchPrintResponseSchema, ...errorResponses(401, 409, 503) } } },
    async (request, reply) => reply.code(201).send(await service.batchPrint(deps, requireAuth(request), actorOf(request), request.body)),
  );

  app.post(
    '/api/dps/smartcard-request',
    {
      config: { auth: 'session', permission: 'smartcardRequest' },
      schema: { tags, body: SmartcardRequestSchema, response: { 200: SmartcardRequestResponseSchema, ...errorResponses(401, 503) } },
    },
    async (request) => service.smartcardRequest(deps, requireAuth(request), actorOf(request), request.body),
  );
};
