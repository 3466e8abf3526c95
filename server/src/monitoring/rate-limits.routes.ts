/**
 * Monitoring-v1 rate-limit calls (issue 14; the spec names the config's `layerRules`, admin-console §7, but
 * not its calls): read the config and the live counters (any signed-in viewer: `/monitor/api-Rates` is
 * unguarded, admin-console §2.2), replace the config (the `rateLimitEdit` permission).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { RATE_LIMIT_EDIT_PERMISSION } from '@tessera/domain';
import { errorResponses } from '../platform/schemas';
import { actorOf, requireAuth } from '../platform/request';
import * as service from './rate-limits.service';
import { RateLimitConfigInputSchema, RateLimitConfigSchema, RateLimitStatusSchema } from './rate-limits.schemas';

const tags = ['monitoring'];
const CONFIG = '/api2/Monitoring-v1/RateLimitConfig';

/** Registers the rate-limit routes. */
export const rateLimitsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db, audit: app.audit, rateLimits: app.rateLimits, now: app.now };

  app.get(
    CONFIG,
    {
      config: { auth: 'session', apiKey: true },
      schema: { summary: "Read the rate-limit config: the caller's tenant layer and the management layers", tags, response: { 200: RateLimitConfigSchema, ...errorResponses(401) } },
    },
    async (request) => service.readConfig(deps, requireAuth(request)),
  );

  app.put(
    CONFIG,
    {
      config: { auth: 'session', permission: RATE_LIMIT_EDIT_PERMISSION },
      schema: {
        summary: "Replace the rate-limit config whole (the caller's tenant layer and the management layers); audited, in force everywhere within a second",
        tags,
        body: RateLimitConfigInputSchema,
        response: { 200: RateLimitConfigSchema, ...errorResponses(401, 503) },
      },
    },
    async (request) => service.replaceConfig(deps, requireAuth(request), actorOf(request), request.body),
  );

  app.get(
    '/api2/Monitoring-v1/RateLimitStatus',
    {
      config: { auth: 'session', apiKey: true },
      schema: { summary: 'Live counters per rate-limit rule: requests allowed and refused per minute over the last 10 minutes', tags, response: { 200: RateLimitStatusSchema, ...errorResponses(401) } },
    },
    async (request) => service.status(deps, requireAuth(request)),
  );
};
