/**
 * Routes of virtual smart cards (issue 15; signin §7 POST IssueVSC; docs/api.md "Virtual smart cards"):
 * IssueVSC. smartcardManage.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { PIV_PIN_LENGTH } from '@tessera/domain';
import { errorResponses, Uuid } from '../platform/schemas';
import { actorOf, requireAuth } from '../platform/request';
import { secretBoxFor } from '../platform/secret-box';
import { pkiDepsOf } from '../pki/pki.service';
import { SmartcardSchema } from './cards.routes';
import * as service from './vsc.service';
import { registerCardStreams } from './card-streams';

const tags = ['smartcards'];
const config = { auth: 'session', permission: 'smartcardManage' } as const;

/** The IssueVSC body. */
export const IssueVscSchema = Type.Object(
  {
    user_id: Uuid(),
    card_template_id: Uuid(),
    // The template's rule is checked by the service with domain's validatePin.
    pin: Type.String({ minLength: PIV_PIN_LENGTH.min, maxLength: PIV_PIN_LENGTH.max, pattern: '^[\\x21-\\x7e]+$' }),
  },
  { additionalProperties: false },
);

/** Registers IssueVSC. */
export const vscRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db, audit: app.audit, now: () => app.now(), hub: app.agentHub, box: secretBoxFor(app.config), pki: pkiDepsOf(app) };
  app.post(
    '/api2/CMS-v2/IssueVSC',
    {
      config,
      schema: {
        summary: 'Issue a virtual smart card: the caller\'s CMS Client makes a software PIV card (kept encrypted on its machine) and the server issues it to a user with a card template',
        tags,
        body: IssueVscSchema,
        response: { 200: SmartcardSchema, ...errorResponses(400, 401, 404, 409, 502, 503, 504) },
      },
    },
    async (request) => service.issueVsc(deps, requireAuth(request), actorOf(request), request.body),
  );
  registerCardStreams(app, {
    paths: ['/api2/CMS-v2/IssueVSCStream'],
    schema: IssueVscSchema,
    summary: 'IssueVSC over a websocket: the request as the first message, then the virtual card\'s progress steps and the outcome (designed, like IssueCardStream)',
    run: (auth, actor, body, operationId) => service.issueVsc(deps, auth, actor, body as Parameters<typeof service.issueVsc>[3], { operationId }),
  });
};
