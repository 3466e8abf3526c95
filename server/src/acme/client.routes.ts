/**
 * The console as an ACME client (issue 17; admin-console §2.2 `le/upload` [uploadLECert], §4 ACME order flow;
 * docs/api.md "ACME client"): start a run, poll its steps, the allowed domains it may order for, and the public
 * http-01 answers (`/.well-known/acme-challenge/{token}`, RFC 8555 §8.3) that the ACME server validates.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ACME_CLIENT_STEPS, ACME_CLIENT_STEP_STATES } from '@tessera/domain';
import { errorResponses, responseOf, Uuid } from '../platform/schemas';
import { StringEnum } from '../platform/string-enum';
import { actorOf, requireAuth } from '../platform/request';
import { secretBoxFor } from '../platform/secret-box';
import { pkiDepsOf } from '../pki/pki.service';
import * as service from './client.service';

const tags = ['acme'];
const C = '/api2/Certificates-v1';
const StepSchema = Type.Object({ step: StringEnum(ACME_CLIENT_STEPS), state: StringEnum(ACME_CLIENT_STEP_STATES), detail: Type.Union([Type.String(), Type.Null()]), at: Type.Union([Type.String(), Type.Null()]) });
const RunSchema = Type.Object({
  runId: Type.String(),
  directoryUrl: Type.String(),
  domain: Type.String(),
  state: StringEnum(['running', 'succeeded', 'failed'] as const),
  steps: Type.Array(StepSchema),
  error: Type.Union([Type.String(), Type.Null()]),
  certId: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
});
const OrderBody = Type.Object(
  {
    directoryUrl: Type.String({ minLength: 1, maxLength: 2048, description: 'The directory URL of an ACME server (RFC 8555 §7.1.1)' }),
    domain: Type.String({ minLength: 1, maxLength: 253, description: 'A name the tenant’s allowed domains permit (no wildcard: http-01)' }),
    eabKeyId: Type.Optional(Type.String({ maxLength: 256, description: 'External account binding key id (RFC 8555 §7.3.4)' })),
    eabHmacKey: Type.Optional(Type.String({ maxLength: 512, description: 'External account binding HMAC key, base64url' })),
    email: Type.Optional(Type.String({ format: 'email', maxLength: 254, description: 'Contact of a new account' })),
  },
  { additionalProperties: false },
);

/** Registers the ACME client's calls and the http-01 answers. */
export const acmeClientRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps: service.AcmeClientDeps = { ...pkiDepsOf(app), box: secretBoxFor(app.config) };
  const config = { auth: 'session', permission: 'uploadLECert' } as const;

  app.get(
    `${C}/AcmeClientDomains`,
    { config, schema: { summary: 'The allowed domains an ACME client run may order a certificate for', tags, response: { 200: Type.Object({ domains: Type.Array(Type.String()) }), ...errorResponses(401) } } },
    async (request) => service.acmeClientDomains(deps, requireAuth(request)),
  );
  app.post(
    `${C}/AcmeClientOrder`,
    { config, schema: { summary: 'Obtain a certificate for an allowed domain from an ACME server: starts a run (registration, order, authorisation, validation, finalisation, certificate fetch)', tags, body: OrderBody, response: { 202: RunSchema, ...errorResponses(401, 503) } } },
    async (request, reply) => reply.code(202).send(await service.startAcmeClientRun(deps, requireAuth(request), actorOf(request), request.body)),
  );
  app.get(
    `${C}/AcmeClientOrder/:runId`,
    { config, schema: { summary: 'A run of the ACME client with the state of each step (polled while it runs)', tags, params: Type.Object({ runId: Uuid() }), response: { 200: RunSchema, ...errorResponses(401, 404) } } },
    async (request) => service.getAcmeClientRun(deps, requireAuth(request), request.params.runId),
  );
  app.get(
    '/.well-known/acme-challenge/:token',
    {
      config: { auth: 'public', xsrf: false },
      schema: {
        summary: 'The http-01 answer of a running ACME client order (RFC 8555 §8.3): the key authorisation of the token',
        tags,
        params: Type.Object({ token: Type.String({ pattern: '^[A-Za-z0-9_-]{1,128}$' }) }),
        response: { 200: responseOf('The key authorisation', { 'text/plain': Type.String() }), 404: responseOf('No running order has this token', { 'text/plain': Type.String() }) },
      },
    },
    async (request, reply) => {
      const answer = await service.http01Answer(deps, request.params.token);
      if (answer === null) return reply.code(404).type('text/plain').send('No such challenge');
      return reply.type('text/plain').header('cache-control', 'no-store').send(answer);
    },
  );
};
