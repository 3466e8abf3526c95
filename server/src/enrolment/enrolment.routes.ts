/**
 * Enrolment protocols (issue 17, docs/api.md "SCEP", "EST", "Intune"): the SCEP server of each template at
 * `/pki/scep/{templateId}`, the console's SCEP-v1 calls (one-time challenges, the Intune settings), and EST
 * (est.routes.ts). The protocol routes are public with CSRF off (their clients hold no session), have the
 * content-type parsers of their bodies in this plugin's scope alone, a 64 KiB body limit, and their own
 * seeded rate bucket (platform/rate-limits).
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ENROLMENT_MAX_BODY_BYTES, SCEP_CHALLENGE_MAX_MINUTES, SCEP_PATH_PREFIX } from '@tessera/domain';
import { errorResponses, responseOf, SafeString, Uuid, MultilineString } from '../platform/schemas';
import { actorOf, requireAuth } from '../platform/request';
import { secretBoxFor } from '../platform/secret-box';
import { ValidationError } from '../platform/errors';
import { pkiDepsOf } from '../pki/pki.service';
import type { EnrolmentDeps } from './enrolment.deps';
import { createChallenge, listChallenges, retrieveChallenge } from './challenges.service';
import { getIntuneConfig, saveIntuneConfig } from './intune.service';
import { getCaCert, pkiOperation, SCEP_CAPABILITIES } from './scep.service';
import { ScepFailure } from './scep.cms';
import { estRoutes } from './est.routes';

const P = '/api2/SCEP-v1';
const tags = ['scep'];

const ChallengeSchema = Type.Object({
  id: Type.String(),
  templateId: Type.String(),
  templateName: Type.String(),
  state: Type.Union([Type.Literal('waiting'), Type.Literal('fetched'), Type.Literal('used'), Type.Literal('expired')]),
  createdBy: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  expiresAt: Type.String(),
  fetchedAt: Type.Union([Type.String(), Type.Null()]),
  usedAt: Type.Union([Type.String(), Type.Null()]),
  retrievePath: Type.String(),
  scepUrl: Type.String(),
});
const IntuneSchema = Type.Object(
  {
    enabled: Type.Boolean(),
    azureTenantId: SafeString({ maxLength: 100 }),
    applicationId: SafeString({ maxLength: 100 }),
    clientSecretSet: Type.Boolean(),
    authorityUrl: SafeString({ maxLength: 500 }),
    graphUrl: SafeString({ maxLength: 500 }),
    verificationCertificate: MultilineString({ maxLength: 20_000 }),
    templateIds: Type.Array(Uuid(), { maxItems: 200 }),
  },
  { additionalProperties: false },
);
/** A save: the settings without `clientSecretSet`, with the write-only `clientSecret` (absent: unchanged; '': removed). */
const IntuneInputSchema = Type.Object(
  {
    enabled: Type.Boolean(),
    azureTenantId: SafeString({ maxLength: 100 }),
    applicationId: SafeString({ maxLength: 100 }),
    clientSecret: Type.Optional(SafeString({ maxLength: 1000 })),
    authorityUrl: Type.Optional(SafeString({ maxLength: 500 })),
    graphUrl: Type.Optional(SafeString({ maxLength: 500 })),
    verificationCertificate: MultilineString({ maxLength: 20_000 }),
    templateIds: Type.Array(Uuid(), { maxItems: 200 }),
  },
  { additionalProperties: false },
);

/** The enrolment deps of an app. */
export function enrolmentDepsOf(app: Parameters<typeof pkiDepsOf>[0]): EnrolmentDeps {
  return { ...pkiDepsOf(app), box: secretBoxFor(app.config), log: app.log };
}

/** Registers the SCEP-v1 console calls, the SCEP server and EST. */
export const enrolmentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = enrolmentDepsOf(app);

  app.get(
    `${P}/Challenges`,
    {
      config: { auth: 'session', permission: 'certScep' },
      schema: { summary: 'List one-time SCEP challenges (newest first, paged, searched by template name)', tags, querystring: Type.Object({ page: Type.Optional(Type.Integer({ minimum: 1 })), search: Type.Optional(SafeString({ maxLength: 100 })) }, { additionalProperties: false }), response: { 200: Type.Object({ challenges: Type.Array(ChallengeSchema), total: Type.Integer(), page: Type.Integer(), pageSize: Type.Integer() }), ...errorResponses(401) } },
    },
    async (request) => listChallenges(deps, requireAuth(request), request.query),
  );
  app.post(
    `${P}/Challenge`,
    {
      config: { auth: 'session', permission: 'certScep' },
      schema: { summary: 'Create a one-time SCEP challenge password for a template (fetched once at its retrieve link)', tags, body: Type.Object({ templateId: Uuid(), validityMinutes: Type.Optional(Type.Integer({ minimum: 1, maximum: SCEP_CHALLENGE_MAX_MINUTES })) }, { additionalProperties: false }), response: { 201: ChallengeSchema, ...errorResponses(401, 503) } },
    },
    async (request, reply) => reply.code(201).send(await createChallenge(deps, requireAuth(request), actorOf(request), request.body)),
  );
  app.post(
    `${P}/RetrieveChallenge`,
    {
      // The id is the bearer (the one link the operator handed out); no session, so no CSRF to guard against.
      config: { auth: 'public', xsrf: false },
      schema: { summary: 'Fetch a SCEP challenge password, once (admin-console §2.1 /retrieveSCEPChallenge/{id})', tags, body: Type.Object({ id: Uuid() }, { additionalProperties: false }), response: { 200: Type.Object({ id: Type.String(), password: Type.String(), templateName: Type.String(), scepUrl: Type.String(), expiresAt: Type.String() }), ...errorResponses(404, 503) } },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await retrieveChallenge(deps, { ip: request.ip }, request.body.id.toLowerCase())),
  );
  app.get(
    `${P}/IntuneConfiguration`,
    { config: { auth: 'session', permission: 'manageIntuneScepAuthConfiguration' }, schema: { summary: "Read the tenant's Intune SCEP challenge validation settings", tags, response: { 200: IntuneSchema, ...errorResponses(401) } } },
    async (request) => getIntuneConfig(deps, requireAuth(request)),
  );
  app.put(
    `${P}/IntuneConfiguration`,
    { config: { auth: 'session', permission: 'manageIntuneScepAuthConfiguration' }, schema: { summary: "Save the tenant's Intune SCEP challenge validation settings", tags, body: IntuneInputSchema, response: { 200: IntuneSchema, ...errorResponses(401, 503) } } },
    async (request) => saveIntuneConfig(deps, requireAuth(request), actorOf(request), request.body),
  );

  await app.register(scepProtocolRoutes, { deps });
  await app.register(estRoutes, { deps });
};

const SCEP_TYPES = ['application/x-pki-message', 'application/pkcs7-mime', 'application/octet-stream'];

/** The SCEP server (RFC 8894 §4): GET with `operation` (and `message`), POST PKIOperation. */
const scepProtocolRoutes: FastifyPluginAsyncTypebox<{ deps: EnrolmentDeps }> = async (app, { deps }) => {
  // The routes' 1 MiB limit (plugins/body-limit) is read first; the protocol's own 64 KiB is checked here.
  // The route's body limit (`upload: 'enrolment'`, 64 KiB) is checked before the parser runs.
  app.addContentTypeParser(SCEP_TYPES, { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  const pkiMessage = (reply: FastifyReply, der: Uint8Array) => reply.header('content-type', 'application/x-pki-message').header('cache-control', 'no-store').send(Buffer.from(der));
  const operate = async (reply: FastifyReply, templateId: string, message: Uint8Array, ip: string) => {
    try {
      return pkiMessage(reply, await pkiOperation(deps, templateId, message, { ip }));
    } catch (error) {
      if (error instanceof ScepFailure) return reply.code(400).type('text/plain; charset=utf-8').send(error.message);
      throw error;
    }
  };
  const Params = Type.Object({ templateId: Type.String({ maxLength: 64, description: 'The template id' }) }, { additionalProperties: false });
  const Query = Type.Object({ operation: Type.String({ maxLength: 40 }), message: Type.Optional(Type.String({ maxLength: ENROLMENT_MAX_BODY_BYTES * 2 })) });
  const answers = { 200: responseOf('GetCACaps: text/plain; GetCACert: application/x-x509-ca-ra-cert; PKIOperation: application/x-pki-message (a CertRep)', { 'application/x-pki-message': Type.String({ format: 'binary' }) }), ...errorResponses(404) };

  for (const path of [`${SCEP_PATH_PREFIX}/:templateId`, `${SCEP_PATH_PREFIX}/:templateId/pkiclient.exe`]) {
    app.get(path, { config: { auth: 'public' }, schema: { summary: 'SCEP (RFC 8894): GetCACaps, GetCACert, PKIOperation by GET', tags: ['scep-protocol'], params: Params, querystring: Query, response: answers } }, async (request, reply) => {
      const { operation, message } = request.query;
      if (operation === 'GetCACaps') return reply.type('text/plain; charset=utf-8').send(SCEP_CAPABILITIES.join('\n'));
      if (operation === 'GetCACert') return reply.header('content-type', 'application/x-x509-ca-ra-cert').send(Buffer.from(await getCaCert(deps, request.params.templateId)));
      if (operation === 'PKIOperation') {
        if (!message) throw new ValidationError('message', 'is required for PKIOperation');
        // A '+' of the base64 that the client did not percent-encode arrives as a space.
        return operate(reply, request.params.templateId, Buffer.from(message.replace(/ /g, '+'), 'base64'), request.ip);
      }
      throw new ValidationError('operation', 'must be GetCACaps, GetCACert or PKIOperation');
    });
    app.post(path, { config: { auth: 'public', xsrf: false, upload: 'enrolment' }, schema: { summary: 'SCEP (RFC 8894): PKIOperation by POST (application/x-pki-message)', tags: ['scep-protocol'], params: Params, querystring: Query, response: answers } }, async (request, reply) => {
      if (request.query.operation !== 'PKIOperation') throw new ValidationError('operation', 'must be PKIOperation for a POST');
      if (!Buffer.isBuffer(request.body)) throw new ValidationError('body', 'must be a pkiMessage (application/x-pki-message)');
      return operate(reply, request.params.templateId, request.body, request.ip);
    });
  }
};
