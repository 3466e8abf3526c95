/** Routes of the tenant's card PIN policy (docs/api.md "PIN policy"); smartcardManage only. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { PIN_DESCRIPTION_MAX_LENGTH, PIN_POLICY_MAX_LENGTH, PIN_POLICY_MIN_LENGTH } from '@tessera/domain';
import { errorResponses, SafeString } from '../platform/schemas';
import { actorOf, requireAuth } from '../platform/request';
import * as service from './pin-requirements.service';

const tags = ['smartcards'];
const PATH = '/api2/CMS-v2/PinRequirementsConfig';
const config = { auth: 'session', permission: 'smartcardManage' } as const;

/**
 * A length is a whole number here; its bounds (what a PIV card takes, 6–8) and the pair are checked by the
 * service with the domain's `validatePinPolicy`, so the 400 names the field with the same text the form shows.
 */
const Length = () => Type.Integer({ description: `${PIN_POLICY_MIN_LENGTH} to ${PIN_POLICY_MAX_LENGTH} (a PIV card's PIN length)` });

/** The body of PUT: whole-number lengths, digitsOnly, a single-line description. */
export const UpdatePinRequirementsConfigSchema = Type.Object(
  {
    minLength: Length(),
    maxLength: Length(),
    digitsOnly: Type.Boolean(),
    description: Type.Optional(Type.Union([SafeString({ maxLength: PIN_DESCRIPTION_MAX_LENGTH }), Type.Null()])),
  },
  { additionalProperties: false },
);

/** The answer of every call. */
export const PinRequirementsConfigSchema = Type.Object({
  minLength: Type.Integer(),
  maxLength: Type.Integer(),
  digitsOnly: Type.Boolean(),
  description: Type.Union([Type.String(), Type.Null()]),
  effectiveDescription: Type.String(),
  isDefault: Type.Boolean(),
});

/** Registers GET, PUT and DELETE /api2/CMS-v2/PinRequirementsConfig. */
export const pinRequirementsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db, audit: app.audit };

  app.get(PATH, { config, schema: { summary: 'Read the tenant PIN policy', tags, response: { 200: PinRequirementsConfigSchema, ...errorResponses(401) } } }, async (request) =>
    service.getConfig(deps, requireAuth(request)),
  );

  app.put(
    PATH,
    { config, schema: { summary: 'Set the tenant PIN policy', tags, body: UpdatePinRequirementsConfigSchema, response: { 200: PinRequirementsConfigSchema, ...errorResponses(401, 503) } } },
    async (request) => service.updateConfig(deps, requireAuth(request), actorOf(request), request.body),
  );

  app.delete(PATH, { config, schema: { summary: 'Reset the tenant PIN policy to the default', tags, response: { 200: PinRequirementsConfigSchema, ...errorResponses(401, 503) } } }, async (request) =>
    service.resetConfig(deps, requireAuth(request), actorOf(request)),
  );
};
