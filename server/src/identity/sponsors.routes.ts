/** Routes of sponsors (issue 13; admin-console §2.2 Sponsors add [sponsorAdd], edit [sponsorEdit], manage [manageSponsor]). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { errorResponses, IdQuery, SafeString, Uuid } from '../platform/schemas';
import { actorOf, requireAuth } from '../platform/request';
import * as service from './sponsors.service';

const tags = ['identity'];
const IDM = '/api2/IDM-v1';

const SponsorSchema = Type.Object({
  id: Type.String(),
  userId: Type.String(),
  username: Type.String(),
  displayName: Type.String(),
  emailAddress: Type.String(),
  active: Type.Boolean(),
  notes: Type.String(),
  pendingCount: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
const SponsoredUserSchema = Type.Object({
  id: Type.String(),
  username: Type.String(),
  displayName: Type.String(),
  emailAddress: Type.String(),
  sponsorStatus: Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')]),
});
const Notes = () => SafeString({ maxLength: 500 });
const CreateSponsorSchema = Type.Object({ userId: Uuid(), notes: Type.Optional(Notes()) }, { additionalProperties: false });
const UpdateSponsorSchema = Type.Object({ id: Uuid(), active: Type.Optional(Type.Boolean()), notes: Type.Optional(Notes()) }, { additionalProperties: false });
const DecisionSchema = Type.Object({ userId: Uuid(), approve: Type.Boolean() }, { additionalProperties: false });

/** Registers the sponsor routes. */
export const sponsorsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db, audit: app.audit };

  app.get(
    `${IDM}/Sponsors`,
    { config: { auth: 'session', permission: 'manageSponsor' }, schema: { summary: "List the tenant's sponsors", tags, response: { 200: Type.Object({ sponsors: Type.Array(SponsorSchema) }), ...errorResponses(401) } } },
    async (request) => service.listSponsors(deps, requireAuth(request)),
  );

  app.get(
    `${IDM}/Sponsor`,
    { config: { auth: 'session', permission: ['sponsorEdit', 'manageSponsor'] }, schema: { summary: 'Read a sponsor', tags, querystring: IdQuery, response: { 200: SponsorSchema, ...errorResponses(401, 404) } } },
    async (request) => service.getSponsor(deps, requireAuth(request), request.query.id),
  );

  app.post(
    `${IDM}/Sponsor`,
    {
      config: { auth: 'session', permission: 'sponsorAdd' },
      schema: { summary: 'Make a user a sponsor', tags, body: CreateSponsorSchema, response: { 201: SponsorSchema, ...errorResponses(401, 409, 503) } },
    },
    async (request, reply) => reply.code(201).send(await service.createSponsor(deps, requireAuth(request), actorOf(request), request.body)),
  );

  app.put(
    `${IDM}/Sponsor`,
    {
      config: { auth: 'session', permission: 'sponsorEdit' },
      schema: { summary: "Change a sponsor's active flag or notes", tags, body: UpdateSponsorSchema, response: { 200: SponsorSchema, ...errorResponses(401, 404, 503) } },
    },
    async (request) => service.updateSponsor(deps, requireAuth(request), actorOf(request), request.body),
  );

  app.get(
    `${IDM}/SponsoredUsers`,
    { config: { auth: 'session' }, schema: { summary: 'List the users the viewer sponsors', tags, response: { 200: Type.Object({ users: Type.Array(SponsoredUserSchema) }), ...errorResponses(401) } } },
    async (request) => service.sponsoredUsers(deps, requireAuth(request)),
  );

  app.post(
    `${IDM}/SponsorDecision`,
    {
      config: { auth: 'session' },
      schema: { summary: 'Approve or reject a user the viewer sponsors', tags, body: DecisionSchema, response: { 200: SponsoredUserSchema, ...errorResponses(401, 503) } },
    },
    async (request) => service.decide(deps, requireAuth(request), actorOf(request), request.body),
  );
};
