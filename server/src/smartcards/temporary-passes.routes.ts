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
import type { SessionRecord } from '../platform/session-store';

const tags = ['smartcards'];
const T = '/api/smartcards/temporary';
const config = { auth: 'session', permission: 'smartcardTemporary' } as const;

/** Registers the temporary pass routes and POST /api/dps/smartcard-request. */
export const temporaryPassesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db, audit: app.audit, now: () => app.now() };

  app.get(T, { config, schema: { summary: 'Count temporary passes by state', tags, response: { 200: TemporaryPassListsSchema, ...errorResponses(401) } } }, async (request) => service.lists(deps, requireAuth(request)));

  app.get(`${T}/accounts`, { config, schema: { summary: 'List accounts that can hold a temporary pass', tags, response: { 200: AccountsSchema, ...errorResponses(401) } } }, async (request) =>
    service.accounts(deps, requireAuth(request)),
  );

  app.get(
    `${T}/user/:id`,
    { config, schema: { summary: 'List the temporary passes of a user', tags, params: UserParams, response: { 200: Type.Array(TemporaryPassSchema), ...errorResponses(401, 404) } } },
    async (request) => service.passesOfUser(deps, requireAuth(request), request.params.id),
  );

  app.get(
    `${T}/availability/:type/:passNumber`,
    { config, schema: { summary: 'Tell whether a temporary pass is available', tags, params: AvailabilityParams, response: { 200: AvailabilitySchema, ...errorResponses(401) } } },
    async (request) => service.availability(deps, requireAuth(request), request.params.type, request.params.passNumber),
  );

  app.post(
    `${T}/positive/assign`,
    { config, schema: { summary: 'Issue a temporary pass to a user', tags, body: AssignPositiveSchema, response: { 200: TemporaryPassSchema, ...errorResponses(401, 404, 409, 503) } } },
    async (request) => service.issueToUser(deps, requireAuth(request), actorOf(request), request.body),
  );

  app.post(
    `${T}/guest/assign`,
    { config, schema: { summary: 'Issue a temporary pass to a guest', tags, body: AssignGuestSchema, response: { 201: TemporaryPassSchema, ...errorResponses(401, 404, 409, 503) } } },
    async (request, reply) => reply.code(201).send(await service.issueToGuest(deps, requireAuth(request), actorOf(request), request.body)),
  );

  app.post(
    `${T}/return`,
    { config, schema: { summary: 'Return a temporary pass', tags, body: ReturnSchema, response: { 200: TemporaryPassSchema, ...errorResponses(401, 404, 409, 503) } } },
    async (request) => service.returnPass(deps, requireAuth(request), actorOf(request), request.body.passNumber),
  );

  app.post(
    `${T}/misplaced`,
    { config, schema: { summary: 'Report a temporary pass lost or stolen', tags, body: MisplacedSchema, response: { 200: TemporaryPassSchema, ...errorResponses(401, 404, 409, 503) } } },
    async (request) => service.misplacedPass(deps, requireAuth(request), actorOf(request), request.body),
  );

  app.post(
    `${T}/activation`,
    { config, schema: { summary: 'Activate or deactivate a temporary pass', tags, body: ActivationSchema, response: { 200: TemporaryPassSchema, ...errorResponses(401, 404, 503) } } },
    async (request) => service.activation(deps, requireAuth(request), actorOf(request), request.body),
  );

  app.post(
    `${T}/batch/print`,
    { config, schema: { summary: 'Add a batch of temporary passes to print', tags, body: BatchPrintSchema, response: { 201: BatchPrintResponseSchema, ...errorResponses(401, 409, 503) } } },
    async (request, reply) => {
      const auth = requireAuth(request);
      // designed (issue 16): with a printer, the new passes are printed through the caller's CMS Client.
      const printing = request.body.printer !== undefined && auth.session ? { deps: { ...deps, hub: app.agentHub, sessions: app.sessions }, caller: { session: auth.session as SessionRecord & { tenantId: string }, username: auth.username, ip: request.ip } } : undefined;
      return reply.code(201).send(await service.batchPrint(deps, auth, actorOf(request), request.body, printing));
    },
  );

  app.post(
    '/api/dps/smartcard-request',
    {
      config: { auth: 'session', permission: 'smartcardRequest' },
      schema: { summary: 'Request smartcards for users', tags, body: SmartcardRequestSchema, response: { 200: SmartcardRequestResponseSchema, ...errorResponses(401, 503) } },
    },
    async (request) => service.smartcardRequest(deps, requireAuth(request), actorOf(request), request.body),
  );
};
