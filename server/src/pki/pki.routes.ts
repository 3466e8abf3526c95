/** Routes of the PKI-v1 calls: certificate authorities and templates (docs/api.md "Endpoints (issue 12)"). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DNS_NAME_PATTERN } from '@tessera/domain';
import { errorResponses, NoContent } from '../platform/schemas';
import { actorOf, requireAuth } from '../platform/request';
import * as cas from './ca.service';
import * as templates from './templates.service';
import { pkiDepsOf } from './pki.service';
import { CERT_READ_PERMISSIONS } from './pki.permissions';
import { templateSeedRoutes } from './template-seed.routes';
import {
  CaLicensingSchema,
  CaSchema,
  CasSchema,
  CreateCaSchema,
  CreateTemplateSchema,
  DeleteTemplateSchema,
  DnsPatternSchema,
  IdQuery,
  ImportCaSchema,
  OrderingSchema,
  TemplateSchema,
  TemplatesSchema,
  UpdateTemplateSchema,
} from './pki.schemas';

const tags = ['pki'];
const P = '/api2/PKI-v1';

/** Template writes. */
const TEMPLATE_WRITE = ['certificateConfig', 'manageTemplateRules', 'autoEnrollTemplateRules', 'manageCAs'] as const;

/** Registers the PKI-v1 routes. */
export const pkiRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = pkiDepsOf(app);

  app.get(`${P}/CertificateAuthorities`, { config: { auth: 'session', permission: CERT_READ_PERMISSIONS }, schema: { summary: 'List certificate authorities', tags, response: { 200: CasSchema, ...errorResponses(401) } } }, async (request) => ({
    cas: await cas.listCas(deps, requireAuth(request)),
  }));
  app.get(`${P}/CertificateAuthority`, { config: { auth: 'session', permission: CERT_READ_PERMISSIONS }, schema: { summary: 'Read a certificate authority', tags, querystring: IdQuery, response: { 200: CaSchema, ...errorResponses(401, 404) } } }, async (request) =>
    cas.getCa(deps, requireAuth(request), request.query.id),
  );
  app.post(
    `${P}/CertificateAuthority`,
    { config: { auth: 'session', permission: 'manageCAs' }, schema: { summary: 'Create a root or intermediate certificate authority', tags, body: CreateCaSchema, response: { 201: CaSchema, ...errorResponses(401, 409, 503) } } },
    async (request, reply) => reply.code(201).send(await cas.createCa(deps, requireAuth(request), actorOf(request), request.body)),
  );
  app.post(
    `${P}/ImportCertificateAuthority`,
    { config: { auth: 'session', permission: 'manageCAs' }, schema: { summary: 'Import a certificate authority with its key', tags, body: ImportCaSchema, response: { 201: CaSchema, ...errorResponses(401, 409, 503) } } },
    async (request, reply) => reply.code(201).send(await cas.importCa(deps, requireAuth(request), actorOf(request), request.body)),
  );
  app.put(
    `${P}/CertificateAuthorityLicensing`,
    { config: { auth: 'session', permission: ['manageCAs', 'tenancyConfig'] }, schema: { summary: 'Set the licensed templates and tenants of a CA', tags, body: CaLicensingSchema, response: { 200: CaSchema, ...errorResponses(401, 404, 503) } } },
    async (request) => cas.updateLicensing(deps, requireAuth(request), actorOf(request), request.body),
  );

  app.get(`${P}/CertificateTemplates`, { config: { auth: 'session', permission: CERT_READ_PERMISSIONS }, schema: { summary: 'List certificate templates in display order', tags, response: { 200: TemplatesSchema, ...errorResponses(401) } } }, async (request) => ({
    templates: await templates.listTemplates(deps, requireAuth(request)),
  }));
  app.get(`${P}/CertificateTemplate`, { config: { auth: 'session', permission: CERT_READ_PERMISSIONS }, schema: { summary: 'Read a certificate template', tags, querystring: IdQuery, response: { 200: TemplateSchema, ...errorResponses(401, 404) } } }, async (request) =>
    templates.getTemplate(deps, requireAuth(request), request.query.id),
  );
  app.post(
    `${P}/CertificateTemplate`,
    { config: { auth: 'session', permission: TEMPLATE_WRITE }, schema: { summary: 'Create a certificate template', tags, body: CreateTemplateSchema, response: { 201: TemplateSchema, ...errorResponses(401, 409, 503) } } },
    async (request, reply) => reply.code(201).send(await templates.createTemplate(deps, requireAuth(request), actorOf(request), request.body)),
  );
  app.put(
    `${P}/CertificateTemplate`,
    { config: { auth: 'session', permission: TEMPLATE_WRITE }, schema: { summary: 'Update a certificate template', tags, body: UpdateTemplateSchema, response: { 200: TemplateSchema, ...errorResponses(401, 404, 409, 503) } } },
    async (request) => templates.updateTemplate(deps, requireAuth(request), actorOf(request), request.body),
  );
  app.delete(
    `${P}/CertificateTemplate`,
    { config: { auth: 'session', permission: TEMPLATE_WRITE }, schema: { summary: 'Delete a certificate template', tags, body: DeleteTemplateSchema, response: { 204: NoContent, ...errorResponses(401, 404, 409, 503) } } },
    async (request, reply) => {
      await templates.deleteTemplate(deps, requireAuth(request), actorOf(request), request.body.templateId);
      return reply.code(204).send(null);
    },
  );
  app.get(
    `${P}/TemplateOrdering`,
    { config: { auth: 'session', permission: ['templateDisplayOrder', 'certificateConfig'] }, schema: { summary: 'Read the template display ordering', tags, response: { 200: OrderingSchema, ...errorResponses(401) } } },
    async (request) => ({ ordering: await templates.getOrdering(deps, requireAuth(request)) }),
  );
  app.put(
    `${P}/TemplateOrdering`,
    { config: { auth: 'session', permission: 'templateDisplayOrder' }, schema: { summary: 'Replace the template display ordering', tags, body: OrderingSchema, response: { 200: OrderingSchema, ...errorResponses(401, 503) } } },
    async (request) => ({ ordering: await templates.setOrdering(deps, requireAuth(request), actorOf(request), request.body.ordering) }),
  );
  app.get(`${P}/DnsNamePattern`, { config: { auth: 'session', apiKey: true }, schema: { summary: 'Read the DNS name pattern', tags, response: { 200: DnsPatternSchema, ...errorResponses(401) } } }, async () => ({ pattern: DNS_NAME_PATTERN }));
  await app.register(templateSeedRoutes);
};
