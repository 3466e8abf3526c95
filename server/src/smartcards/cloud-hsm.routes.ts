/**
 * Routes of cloud HSM configs (issue 15; signin §7 "Cloud HSM (CMS-v2): POST GetCloudHSMConfig, AddCloudHSMConfig,
 * DeleteCloudHSMConfig, each {customer_sc_hardware}; PATCH CloudHSMConfig"; admin-console §2.2 authenticatehsm
 * [HSMAuthenticate]; docs/api.md "Cloud HSM"). Configs: smartcardManage; authentication: HSMAuthenticate.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { CLOUD_HSM_LIMITS } from '@tessera/domain';
import { errorResponses } from '../platform/schemas';
import { actorOf, requireAuth } from '../platform/request';
import { secretBoxFor } from '../platform/secret-box';
import * as service from './cloud-hsm.service';

const tags = ['smartcards'];
const config = { auth: 'session', permission: 'smartcardManage' } as const;
const P = '/api2/CMS-v2';

// Shapes here; the rules (name pattern, https endpoint, secret length) are domain's validateCloudHsmConfig, so the 400 names the field.
const Name = () => Type.String({ maxLength: CLOUD_HSM_LIMITS.nameMax + 1 });
const Endpoint = () => Type.String({ maxLength: CLOUD_HSM_LIMITS.urlMax + 1 });
const ClientId = () => Type.String({ maxLength: CLOUD_HSM_LIMITS.clientIdMax + 1 });
const Secret = () => Type.String({ maxLength: CLOUD_HSM_LIMITS.secretMax + 1, writeOnly: true });
const ByName = Type.Object({ customer_sc_hardware: Name() }, { additionalProperties: false });
const ConfigSchema = Type.Object({ customer_sc_hardware: Type.String(), endpoint: Type.String(), client_id: Type.String(), hasClientSecret: Type.Boolean(), createdAt: Type.String(), updatedAt: Type.String() });

/** Registers the cloud HSM routes. */
export const cloudHsmRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db, audit: app.audit, now: () => app.now(), box: secretBoxFor(app.config), fetch: globalThis.fetch };
  app.post(`${P}/GetCloudHSMConfig`, { config, schema: { summary: 'A cloud HSM config (never its client secret)', tags, body: ByName, response: { 200: ConfigSchema, ...errorResponses(400, 401, 404) } } }, async (request) =>
    service.getConfig(deps, requireAuth(request), request.body.customer_sc_hardware),
  );
  app.get(`${P}/CloudHSMConfigs`, { config, schema: { summary: 'The tenant\'s cloud HSM configs (designed)', tags, response: { 200: Type.Object({ configs: Type.Array(ConfigSchema) }), ...errorResponses(401) } } }, async (request) => ({
    configs: await service.listConfigs(deps, requireAuth(request)),
  }));
  app.post(
    `${P}/AddCloudHSMConfig`,
    {
      config,
      schema: {
        summary: 'Add a cloud HSM config: the hardware name, the HSM service\'s authentication endpoint, client id and (write-only) client secret',
        tags,
        body: Type.Object({ customer_sc_hardware: Name(), endpoint: Endpoint(), client_id: ClientId(), client_secret: Secret() }, { additionalProperties: false }),
        response: { 201: ConfigSchema, ...errorResponses(400, 401, 409, 503) },
      },
    },
    async (request, reply) => reply.code(201).send(await service.addConfig(deps, requireAuth(request), actorOf(request), request.body)),
  );
  app.patch(
    `${P}/CloudHSMConfig`,
    {
      config,
      schema: {
        summary: 'Change a cloud HSM config (the fields given; a client secret given replaces the old one)',
        tags,
        body: Type.Object({ customer_sc_hardware: Name(), endpoint: Type.Optional(Endpoint()), client_id: Type.Optional(ClientId()), client_secret: Type.Optional(Secret()) }, { additionalProperties: false }),
        response: { 200: ConfigSchema, ...errorResponses(400, 401, 404, 503) },
      },
    },
    async (request) => service.updateConfig(deps, requireAuth(request), actorOf(request), request.body),
  );
  app.post(
    `${P}/DeleteCloudHSMConfig`,
    { config, schema: { summary: 'Delete a cloud HSM config', tags, body: ByName, response: { 200: Type.Object({ deleted: Type.Boolean() }), ...errorResponses(400, 401, 404, 503) } } },
    async (request) => service.deleteConfig(deps, requireAuth(request), actorOf(request), request.body.customer_sc_hardware),
  );
  app.post(
    `${P}/AuthenticateHSM`,
    {
      config: { auth: 'session', permission: 'HSMAuthenticate' },
      schema: {
        summary: 'Authenticate to the cloud HSM of a config with the operator\'s HSM credential (authenticated true or false; designed for /credentials/smartcards/authenticatehsm)',
        tags,
        body: Type.Object({ customer_sc_hardware: Name(), credential: Type.String({ minLength: 1, maxLength: CLOUD_HSM_LIMITS.credentialMax, writeOnly: true }) }, { additionalProperties: false }),
        response: { 200: Type.Object({ authenticated: Type.Boolean() }), ...errorResponses(400, 401, 404, 502, 503) },
      },
    },
    async (request) => service.authenticate(deps, requireAuth(request), actorOf(request), request.body),
  );
};
