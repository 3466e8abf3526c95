/**
 * Console calls of ACME and allowed domains (issue 17; docs/api.md "ACME and allowed domains"):
 * `/admin/alloweddomains` [manageDomains] and `/config/acme` [acmeConfiguration] (admin-console §2.2).
 */
import type { FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ACME_ORDER_SORT_FIELDS, ACME_ORDER_STATES } from '@tessera/domain';
import { errorResponses, NoContent, Uuid } from '../platform/schemas';
import { StringEnum } from '../platform/string-enum';
import { actorOf, requireAuth } from '../platform/request';
import { secretBoxFor } from '../platform/secret-box';
import * as service from './acme-admin.service';

const tags = ['acme'];
const P = '/api2/PKI-v1';
const AllowedDomainSchema = Type.Object({ id: Type.String(), domain: Type.String(), createdAt: Type.String() });
const AcmeConfigurationSchema = Type.Object({ templateId: Type.String(), templateName: Type.String(), enabled: Type.Boolean(), eabRequired: Type.Boolean(), directoryUrl: Type.String(), unusedEabKeys: Type.Integer() });
const AcmeOrderSchema = Type.Object({
  orderId: Type.String(),
  status: Type.String(),
  identifiers: Type.Array(Type.String()),
  templateName: Type.String(),
  accountId: Type.String(),
  accountStatus: Type.String(),
  accountContact: Type.Array(Type.String()),
  certificateId: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
});

/** Registers the console's ACME and allowed-domain calls. */
export const acmeAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db, audit: app.audit, box: secretBoxFor(app.config) };
  // Directory URLs on the origin the caller reached (as the ACME routes answer theirs; proxies per TESSERA_TRUST_PROXY).
  const withOrigin = (request: FastifyRequest): service.AcmeAdminDeps => ({ ...deps, publicUrl: `${request.protocol}://${request.host}` });
  const domains = { auth: 'session', permission: 'manageDomains' } as const;
  const acme = { auth: 'session', permission: 'acmeConfiguration' } as const;

  app.get(
    `${P}/AllowedDomains`,
    { config: domains, schema: { summary: 'List the tenant’s allowed domains (searched and paged, 10 a page)', tags, querystring: Type.Object({ search: Type.Optional(Type.String({ maxLength: 253 })), page: Type.Optional(Type.Integer({ minimum: 1 })) }, { additionalProperties: false }), response: { 200: Type.Object({ totalResults: Type.Integer(), results: Type.Array(AllowedDomainSchema) }), ...errorResponses(401) } } },
    async (request) => service.listAllowedDomains(deps, requireAuth(request), request.query),
  );
  app.post(
    `${P}/AllowedDomain`,
    { config: domains, schema: { summary: 'Add an allowed domain (example.com, or *.example.com for the names below it)', tags, body: Type.Object({ domain: Type.String({ minLength: 1, maxLength: 256 }) }, { additionalProperties: false }), response: { 201: AllowedDomainSchema, ...errorResponses(401, 409, 503) } } },
    async (request, reply) => reply.code(201).send(await service.addAllowedDomain(deps, requireAuth(request), actorOf(request), request.body)),
  );
  app.delete(
    `${P}/AllowedDomain/:id`,
    { config: domains, schema: { summary: 'Remove an allowed domain', tags, params: Type.Object({ id: Uuid() }), response: { 204: NoContent, ...errorResponses(401, 404, 503) } } },
    async (request, reply) => {
      await service.deleteAllowedDomain(deps, requireAuth(request), actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
  app.get(
    `${P}/AcmeConfigurations`,
    { config: acme, schema: { summary: 'The tenant’s templates with their ACME state and directory URL', tags, response: { 200: Type.Array(AcmeConfigurationSchema), ...errorResponses(401) } } },
    async (request) => service.listAcmeConfigurations(withOrigin(request), requireAuth(request)),
  );
  app.put(
    `${P}/AcmeConfiguration`,
    { config: acme, schema: { summary: 'Turn ACME on or off for a template', tags, body: Type.Object({ templateId: Uuid(), enabled: Type.Boolean(), eabRequired: Type.Optional(Type.Boolean()) }, { additionalProperties: false }), response: { 200: AcmeConfigurationSchema, ...errorResponses(401, 503) } } },
    async (request) => service.setAcmeConfiguration(withOrigin(request), requireAuth(request), actorOf(request), request.body),
  );
  app.post(
    `${P}/AcmeEabKey`,
    { config: acme, schema: { summary: 'Create an external account binding key for a template (the HMAC key is shown once)', tags, body: Type.Object({ templateId: Uuid() }, { additionalProperties: false }), response: { 201: Type.Object({ keyId: Type.String(), hmacKey: Type.String(), directoryUrl: Type.String() }), ...errorResponses(401, 503) } } },
    async (request, reply) => reply.code(201).send(await service.createEabKey(withOrigin(request), requireAuth(request), actorOf(request), request.body)),
  );
  app.get(
    `${P}/AcmeOrders`,
    {
      config: acme,
      schema: {
        summary: 'The tenant’s ACME orders with their state and account (paged, sorted and filtered on the server)',
        tags,
        querystring: Type.Object({ page: Type.Optional(Type.Integer({ minimum: 1 })), sortField: Type.Optional(StringEnum(ACME_ORDER_SORT_FIELDS)), sortDirection: Type.Optional(StringEnum(['asc', 'desc'] as const)), status: Type.Optional(StringEnum(ACME_ORDER_STATES)) }, { additionalProperties: false }),
        response: { 200: Type.Object({ totalResults: Type.Integer(), results: Type.Array(AcmeOrderSchema) }), ...errorResponses(401) },
      },
    },
    async (request) => service.listAcmeOrders(deps, requireAuth(request), request.query),
  );
};
