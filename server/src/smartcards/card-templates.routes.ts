/**
 * Routes of the card templates (issue 15; signin §7 `CardTemplates?tenancy`; docs/api.md "Card templates"):
 * list, read, create, update, delete and seed; smartcardManage only. The TypeBox schemas check the shape;
 * domain's `validateCardTemplate` (through the service) checks the fields and names the refused one.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { CARD_KEY_TYPES, CARD_TEMPLATE_LIMITS, PIV_SLOTS } from '@tessera/domain';
import { errorResponses, NoContent, SafeString, Uuid } from '../platform/schemas';
import { actorOf, requireAuth } from '../platform/request';
import * as service from './card-templates.service';

const tags = ['smartcards'];
const P = '/api2/CMS-v2';
const config = { auth: 'session', permission: 'smartcardManage' } as const;

const SlotInput = Type.Object(
  {
    slot: Type.String({ maxLength: 2, description: PIV_SLOTS.join(', ') }),
    certificateTemplate: Type.String({ maxLength: CARD_TEMPLATE_LIMITS.certificateTemplateMaxLength, description: 'the certificate template issued into the slot, by name' }),
    keyType: Type.String({ maxLength: 16, description: CARD_KEY_TYPES.join(', ') }),
  },
  { additionalProperties: false },
);
const PinInput = Type.Object(
  {
    minLength: Type.Integer(),
    maxLength: Type.Integer(),
    digitsOnly: Type.Boolean(),
    pinRetries: Type.Optional(Type.Integer()),
    pukRetries: Type.Optional(Type.Integer()),
  },
  { additionalProperties: false },
);
const fields = {
  name: SafeString({ maxLength: CARD_TEMPLATE_LIMITS.nameMaxLength }),
  slots: Type.Array(SlotInput, { maxItems: PIV_SLOTS.length }),
  pin: Type.Optional(Type.Union([PinInput, Type.Null()], { description: 'absent or null: the tenant PIN policy applies' })),
};
const CreateSchema = Type.Object(fields, { additionalProperties: false });
const UpdateSchema = Type.Object({ cardTemplateId: Uuid(), ...fields }, { additionalProperties: false });
const SeedSchema = Type.Object({ cardTemplates: Type.Array(CreateSchema, { maxItems: CARD_TEMPLATE_LIMITS.seedMaxTemplates }) }, { additionalProperties: false });

const CardTemplateSchema = Type.Object({
  cardTemplateId: Type.String(),
  name: Type.String(),
  slots: Type.Array(Type.Object({ slot: Type.String(), certificateTemplateId: Type.String(), certificateTemplate: Type.Union([Type.String(), Type.Null()]), keyType: Type.String() })),
  pin: Type.Union([Type.Object({ minLength: Type.Integer(), maxLength: Type.Integer(), digitsOnly: Type.Boolean(), pinRetries: Type.Integer(), pukRetries: Type.Integer() }), Type.Null()]),
  pinRequirements: Type.Object({ minLength: Type.Integer(), maxLength: Type.Integer(), digitsOnly: Type.Boolean(), description: Type.String() }),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
const Names = Type.Array(Type.String());

/** Registers the card template routes. */
export const cardTemplatesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db, audit: app.audit, now: app.now };

  app.get(
    `${P}/CardTemplates`,
    {
      config,
      schema: {
        summary: 'List the card templates of the tenancy',
        tags,
        querystring: Type.Object({ tenancy: Type.Optional(SafeString({ maxLength: 200, description: "the caller's tenant, by id or name" })) }, { additionalProperties: false }),
        response: { 200: Type.Object({ cardTemplates: Type.Array(CardTemplateSchema) }), ...errorResponses(401, 404) },
      },
    },
    async (request) => ({ cardTemplates: await service.listCardTemplates(deps, requireAuth(request), request.query.tenancy) }),
  );
  app.get(
    `${P}/CardTemplate`,
    { config, schema: { summary: 'Read a card template', tags, querystring: Type.Object({ id: Uuid() }, { additionalProperties: false }), response: { 200: CardTemplateSchema, ...errorResponses(401, 404) } } },
    async (request) => service.getCardTemplate(deps, requireAuth(request), request.query.id),
  );
  app.post(
    `${P}/CardTemplate`,
    { config, schema: { summary: 'Create a card template', tags, body: CreateSchema, response: { 201: CardTemplateSchema, ...errorResponses(401, 409, 503) } } },
    async (request, reply) => reply.code(201).send(await service.createCardTemplate(deps, requireAuth(request), actorOf(request), request.body)),
  );
  app.put(
    `${P}/CardTemplate`,
    { config, schema: { summary: 'Update a card template', tags, body: UpdateSchema, response: { 200: CardTemplateSchema, ...errorResponses(401, 404, 409, 503) } } },
    async (request) => {
      const { cardTemplateId, ...rest } = request.body;
      return service.updateCardTemplate(deps, requireAuth(request), actorOf(request), cardTemplateId, rest);
    },
  );
  app.delete(
    `${P}/CardTemplate`,
    { config, schema: { summary: 'Delete a card template', tags, body: Type.Object({ cardTemplateId: Uuid() }, { additionalProperties: false }), response: { 204: NoContent, ...errorResponses(401, 404, 503) } } },
    async (request, reply) => {
      await service.deleteCardTemplate(deps, requireAuth(request), actorOf(request), request.body.cardTemplateId);
      return reply.code(204).send(null);
    },
  );
  app.post(
    `${P}/CardTemplatesSeed`,
    {
      config,
      schema: {
        summary: 'Create or replace card templates by name from a seed file, whole or not at all',
        tags,
        body: SeedSchema,
        response: { 200: Type.Object({ created: Names, updated: Names, unchanged: Names }), ...errorResponses(401, 503) },
      },
    },
    async (request) => service.seedCardTemplates(deps, requireAuth(request), actorOf(request), request.body),
  );
};
