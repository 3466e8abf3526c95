/**
 * `GET /api2/CMS-v2/CMSClientLocalAddress` (issue 18): where the console, in the user's browser, finds
 * the local security client. `npm start` starts the agent on `TESSERA_AGENT_PORT` and the server reads
 * the same variable (or `TESSERA_AGENT_URL`), so the readers page connects without a hidden setting.
 * Public like `CMSClientGRPCConfig`: it names a loopback address only.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { CmsClientLocalAddress } from '@tessera/domain';
import { errorResponses } from '../platform/schemas';

/** The answer: the agent's origin. */
export const CmsClientLocalAddressSchema = Type.Object({ AgentUrl: Type.String() });

/** Registers the route. */
export const localAgentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api2/CMS-v2/CMSClientLocalAddress',
    { config: { auth: 'public' }, schema: { tags: ['cms-client'], response: { 200: CmsClientLocalAddressSchema, ...errorResponses() } } },
    async (): Promise<CmsClientLocalAddress> => ({ AgentUrl: app.config.agentLocalUrl }),
  );
};
