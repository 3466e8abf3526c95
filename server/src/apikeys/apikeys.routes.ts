/**
 * IDM-v1 ApiKeys (admin-console §2.2 `/apikey/manage`; issue 11): list, create, revoke. Only a person
 * manages keys: a key can never hold apiKeyView or apiKeyManage, so these routes refuse every key.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_KEY_PERMISSIONS } from '@tessera/domain';
import { errorResponses, NoContent } from '../platform/schemas';
import { actorOf, requireAuth } from '../platform/request';
import * as service from './apikeys.service';
import { ApiKeyIdParams, ApiKeyListSchema, CreateApiKeyRequestSchema, CreatedApiKeySchema } from './apikeys.schemas';

const tags = ['apikeys'];
const BASE = '/api2/IDM-v1/ApiKeys';

/** Registers the ApiKeys routes. */
export const apiKeysRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db, audit: app.audit, now: app.now };

  app.get(
    BASE,
    {
      config: { auth: 'session', permission: [API_KEY_PERMISSIONS.view, API_KEY_PERMISSIONS.manage], apiKey: false },
      schema: { summary: 'List the API keys of the tenant (never their secrets)', tags, response: { 200: ApiKeyListSchema, ...errorResponses(401) } },
    },
    async (request) => service.listApiKeys(deps, requireAuth(request)),
  );

  app.post(
    BASE,
    {
      config: { auth: 'session', permission: API_KEY_PERMISSIONS.manage, apiKey: false },
      schema: { summary: 'Create an API key: its secret is answered once', tags, body: CreateApiKeyRequestSchema, response: { 201: CreatedApiKeySchema, ...errorResponses(401, 409, 503) } },
    },
    async (request, reply) => reply.code(201).send(await service.createApiKey(deps, requireAuth(request), actorOf(request), request.body)),
  );

  app.delete(
    `${BASE}/:id`,
    {
      config: { auth: 'session', permission: API_KEY_PERMISSIONS.manage, apiKey: false },
      schema: { summary: 'Revoke an API key, at once on every instance', tags, params: ApiKeyIdParams, response: { 204: NoContent, ...errorResponses(401, 404, 503) } },
    },
    async (request, reply) => {
      await service.revokeApiKey(deps, requireAuth(request), actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
