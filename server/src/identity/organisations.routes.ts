/** Routes of organisations (IDM-v1; admin-console §2.2 Organisations, §3, §5, §6; issue 13). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses, IdQuery, PageOf } from '../platform/schemas';
import { actorOf, requireAuth } from '../platform/request';
import * as service from './organisations.service';
import type { BusinessNumberVerifier } from './business-numbers';
import {
  CreateOrganisationRequestSchema,
  OrganisationListQuerySchema,
  OrganisationParentsQuerySchema,
  OrganisationParentsSchema,
  OrganisationPermissionsBodySchema,
  OrganisationPermissionsSchema,
  OrganisationSchema,
  OrganisationTreeSchema,
  OrganisationTypesSchema,
  OrgIdParams,
  UpdateOrganisationRequestSchema,
  VerifyBusinessNumberRequestSchema,
  VerifyBusinessNumberResponseSchema,
} from './organisations.schemas';

const tags = ['identity'];

/** Options: the business-number verifiers (default: the shipped ABN checksum). */
export interface OrganisationRoutesOptions {
  verifiers?: readonly BusinessNumberVerifier[];
}

/** Registers the organisation routes. */
export const organisationRoutes: FastifyPluginAsyncTypebox<OrganisationRoutesOptions> = async (app, options) => {
  const deps = { db: app.db, audit: app.audit, ...(options.verifiers ? { verifiers: options.verifiers } : {}) };

  app.get(
    '/api2/IDM-v1/Organisations',
    {
      config: { auth: 'session', permission: 'orgView' },
      schema: { summary: 'List organisations', tags, querystring: OrganisationListQuerySchema, response: { 200: PageOf(OrganisationSchema), ...errorResponses(401) } },
    },
    async (request) => service.listOrganisations(deps, requireAuth(request), request.query),
  );

  app.get(
    '/api2/IDM-v1/Organisation',
    {
      config: { auth: 'session', permission: 'orgView' },
      schema: { summary: 'Read an organisation', tags, querystring: IdQuery, response: { 200: OrganisationSchema, ...errorResponses(401, 404) } },
    },
    async (request) => service.getOrganisation(deps, requireAuth(request), request.query.id),
  );

  app.post(
    '/api2/IDM-v1/Organisation',
    {
      config: { auth: 'session', permission: 'orgAdd' },
      schema: { summary: 'Create an organisation', tags, body: CreateOrganisationRequestSchema, response: { 201: OrganisationSchema, ...errorResponses(401, 409, 503) } },
    },
    async (request, reply) => reply.code(201).send(await service.createOrganisation(deps, requireAuth(request), actorOf(request), request.body)),
  );

  app.put(
    '/api2/IDM-v1/Organisation',
    {
      config: { auth: 'session', permission: 'orgEdit' },
      schema: { summary: 'Update an organisation', tags, body: UpdateOrganisationRequestSchema, response: { 200: OrganisationSchema, ...errorResponses(401, 404, 409, 503) } },
    },
    async (request) => service.updateOrganisation(deps, requireAuth(request), actorOf(request), request.body),
  );

  app.get(
    '/api2/IDM-v1/OrganisationTypes',
    {
      config: { auth: 'session', permission: 'orgView' },
      schema: { summary: 'List organisation types and business-number schemes', tags, response: { 200: OrganisationTypesSchema, ...errorResponses(401) } },
    },
    async () => service.organisationTypes(deps),
  );

  app.get(
    '/api2/IDM-v1/OrganisationParents',
    {
      config: { auth: 'session', permission: 'orgView' },
      schema: { summary: 'List the organisations that may be a parent', tags, querystring: OrganisationParentsQuerySchema, response: { 200: OrganisationParentsSchema, ...errorResponses(401) } },
    },
    async (request) => service.organisationParents(deps, requireAuth(request), request.query.id),
  );

  app.get(
    '/api2/IDM-v1/OrganisationTree',
    {
      config: { auth: 'session', permission: 'orgTree' },
      schema: { summary: 'Read the organisation tree', tags, response: { 200: OrganisationTreeSchema, ...errorResponses(401) } },
    },
    async (request) => service.organisationTree(deps, requireAuth(request)),
  );

  app.get(
    '/api2/IDM-v1/OrganisationPermissions/:orgId',
    {
      config: { auth: 'session', permission: 'orgView' },
      schema: { summary: 'Read the permissions of an organisation', tags, params: OrgIdParams, response: { 200: OrganisationPermissionsSchema, ...errorResponses(401, 404) } },
    },
    async (request) => service.getOrganisationPermissions(deps, requireAuth(request), request.params.orgId),
  );

  app.put(
    '/api2/IDM-v1/OrganisationPermissions/:orgId',
    {
      config: { auth: 'session', permission: 'orgEdit' },
      schema: {
        summary: 'Set the permissions of an organisation',
        tags,
        params: OrgIdParams,
        body: OrganisationPermissionsBodySchema,
        response: { 200: OrganisationPermissionsSchema, ...errorResponses(401, 404, 503) },
      },
    },
    async (request) => service.setOrganisationPermissions(deps, requireAuth(request), actorOf(request), request.params.orgId, request.body),
  );

  app.post(
    '/api2/IDM-v1/VerifyBusinessNumber',
    {
      config: { auth: 'session', permission: 'orgView' },
      schema: { summary: 'Verify a business number', tags, body: VerifyBusinessNumberRequestSchema, response: { 200: VerifyBusinessNumberResponseSchema, ...errorResponses(401) } },
    },
    async (request) => service.verifyBusinessNumber(deps, request.body.businessNumber, request.body.scheme),
  );
};
