/** Routes of visits (admin-console §2.2 `/identity/visitor/visit/{id}` [userView]; docs/api.md "Visits"). */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Email, errorResponses, IdQuery, SafeString, Uuid } from '../platform/schemas';
import { actorOf, requireAuth } from '../platform/request';
import * as service from './visits.service';

const tags = ['visits'];
const I = '/api2/IDM-v1';

const Person = Type.Object({ id: Type.String(), username: Type.String() });
const VisitSchema = Type.Object({
  id: Type.String(),
  visitor: Type.Object({ givenName: Type.String(), familyName: Type.String(), emailAddress: Type.String(), company: Type.String() }),
  purpose: Type.String(),
  host: Person,
  sponsor: Type.Union([Person, Type.Null()]),
  startsAt: Type.String(),
  endsAt: Type.String(),
  pass: Type.Union([Type.Object({ id: Type.String(), passNumber: Type.String(), status: Type.String() }), Type.Null()]),
  createdAt: Type.String(),
});
const CreateVisitSchema = Type.Object(
  {
    givenName: SafeString({ minLength: 1, maxLength: 100 }),
    familyName: SafeString({ minLength: 1, maxLength: 100 }),
    emailAddress: Type.Optional(Type.Union([Type.Literal(''), Email()])),
    company: Type.Optional(SafeString({ maxLength: 200 })),
    purpose: Type.Optional(SafeString({ maxLength: 500 })),
    hostUserId: Uuid(),
    sponsorId: Type.Optional(Uuid()),
    startsAt: SafeString({ minLength: 1, maxLength: 40 }),
    endsAt: SafeString({ minLength: 1, maxLength: 40 }),
    passNumber: Type.Optional(Type.String({ maxLength: 5, pattern: '^[0-9]*$' })),
  },
  { additionalProperties: false },
);

/** Registers the visit routes. */
export const visitsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db, audit: app.audit };

  app.get(
    `${I}/Visit`,
    { config: { auth: 'session', permission: 'userView' }, schema: { summary: 'Read a visit', tags, querystring: IdQuery, response: { 200: VisitSchema, ...errorResponses(401, 404) } } },
    async (request) => service.getVisit(deps, requireAuth(request), request.query.id),
  );
  app.post(
    `${I}/Visit`,
    { config: { auth: 'session', permission: 'userAdd' }, schema: { summary: 'Register a visit with its host, sponsor, time window and pass', tags, body: CreateVisitSchema, response: { 201: VisitSchema, ...errorResponses(401, 503) } } },
    async (request, reply) => reply.code(201).send(await service.createVisit(deps, requireAuth(request), actorOf(request), request.body)),
  );
};
