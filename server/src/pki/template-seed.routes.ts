/** `POST /api2/PKI-v1/SeedTemplates` (`tessera templates seed`; docs/api.md "Endpoints (issue 12)"). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../platform/schemas';
import { actorOf, requireAuth } from '../platform/request';
import { pkiDepsOf } from './pki.service';
import { seedTemplates } from './template-seed.service';
import { SeedTemplatesResultSchema, SeedTemplatesSchema } from './pki.schemas';

/** Registers the template seed route (the template writers' permissions). */
export const templateSeedRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = pkiDepsOf(app);
  app.post(
    '/api2/PKI-v1/SeedTemplates',
    {
      config: { auth: 'session', permission: ['certificateConfig', 'manageTemplateRules', 'autoEnrollTemplateRules', 'manageCAs'] },
      schema: { summary: 'Seed certificate templates from a file (upsert by name, prune, dry run)', tags: ['pki'], body: SeedTemplatesSchema, response: { 200: SeedTemplatesResultSchema, ...errorResponses(401, 409, 503) } },
    },
    async (request) => seedTemplates(deps, requireAuth(request), actorOf(request), request.body),
  );
};
