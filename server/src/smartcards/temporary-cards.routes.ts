/**
 * Routes of temporary replacement cards (issue 15; signin §7 GET TemporaryCardConfiguration, TemporarilyReplacedBy,
 * TemporarilyReplaces; POST IssueTemporaryCard {card_request, old_card_id, validity_duration}, AssignTemporaryCard;
 * docs/api.md "Temporary cards"). smartcardManage. Also: PUT TemporaryCardConfiguration, the cards of a user a
 * temporary card may replace.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { TEMPORARY_CARD_MAX_DAYS } from '@tessera/domain';
import { errorResponses, Uuid } from '../platform/schemas';
import { actorOf, requireAuth } from '../platform/request';
import { secretBoxFor } from '../platform/secret-box';
import { pkiDepsOf } from '../pki/pki.service';
import { IssueCardSchema, SmartcardSchema } from './cards.routes';
import * as service from './temporary-cards.service';
import { registerCardStreams } from './card-streams';

const tags = ['smartcards'];
const config = { auth: 'session', permission: 'smartcardManage' } as const;
const VERSIONS = ['CMS-v1', 'CMS-v2'] as const;
/** How often every tenant's temporary cards are checked for expiry. */
const EXPIRY_SWEEP_MS = 60_000;

// The range is checked by the service with domain's validateTemporaryDuration (the 400 names the field with its text).
const Days = () => Type.Integer({ description: `days, 0 (unlimited) to ${TEMPORARY_CARD_MAX_DAYS}` });
const ConfigurationSchema = Type.Object({ defaultDuration: Days(), unlimitedIsDefault: Type.Boolean() }, { additionalProperties: false });
/** The IssueTemporaryCard body. */
export const IssueTemporaryCardSchema = Type.Object({ card_request: IssueCardSchema, old_card_id: Uuid(), validity_duration: Type.Optional(Days()) }, { additionalProperties: false });
const AssignTemporaryCardSchema = Type.Object(
  { card_id: Uuid(), user_id: Uuid(), card_template_id: Uuid(), old_card_id: Uuid(), validity_duration: Type.Optional(Days()) },
  { additionalProperties: false },
);
const CardList = Type.Object({ smartcards: Type.Array(SmartcardSchema) });
const ById = Type.Object({ smartcard_id: Uuid() }, { additionalProperties: false });
// The range is checked by the service with domain's validateTemporaryExpiry (the 400 names the field with its text).
const UpdateExpirySchema = Type.Object(
  { smartcard_id: Uuid(), expiresAt: Type.Union([Type.String({ maxLength: 40, description: 'ISO 8601 date and time' }), Type.Null()]) },
  { additionalProperties: false },
);

/** Registers the temporary card routes and the expiry sweep. */
export const temporaryCardsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db, audit: app.audit, now: () => app.now(), hub: app.agentHub, box: secretBoxFor(app.config), pki: pkiDepsOf(app) };

  const timer = setInterval(() => {
    service.expireDue(deps).catch((error: unknown) => app.log.warn({ err: error }, 'temporary card expiry failed'));
  }, EXPIRY_SWEEP_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  app.get(
    '/api2/CMS-v2/TemporaryCardConfiguration',
    { config, schema: { summary: 'The tenant\'s temporary card configuration (0 days with unlimited when none is set)', tags, response: { 200: ConfigurationSchema, ...errorResponses(401) } } },
    async (request) => service.getConfiguration(deps, requireAuth(request)),
  );
  app.put(
    '/api2/CMS-v2/TemporaryCardConfiguration',
    { config, schema: { summary: 'Set the tenant\'s temporary card configuration (designed)', tags, body: ConfigurationSchema, response: { 200: ConfigurationSchema, ...errorResponses(400, 401, 503) } } },
    async (request) => service.putConfiguration(deps, requireAuth(request), actorOf(request), request.body),
  );
  for (const v of VERSIONS) {
    app.post(
      `/api2/${v}/IssueTemporaryCard`,
      {
        config,
        schema: {
          summary: 'Issue the card in a reader as a temporary card replacing a card of the same user (which is suspended until the temporary card expires)',
          tags,
          body: IssueTemporaryCardSchema,
          response: { 200: SmartcardSchema, ...errorResponses(400, 401, 404, 409, 502, 503, 504) },
        },
      },
      async (request) => service.issueTemporaryCard(deps, requireAuth(request), actorOf(request), request.body),
    );
  }
  app.put(
    '/api2/CMS-v2/SmartcardExpiry',
    {
      config: { auth: 'session', permission: ['smartcardManage', 'smartcardEdit'] },
      schema: { summary: "Move a temporary card's expiry (null: unlimited; designed)", tags, body: UpdateExpirySchema, response: { 200: SmartcardSchema, ...errorResponses(400, 401, 403, 404, 409, 503) } },
    },
    async (request) => service.updateExpiry(deps, requireAuth(request), actorOf(request), request.body),
  );
  registerCardStreams(app, {
    paths: VERSIONS.map((v) => `/api2/${v}/IssueTemporaryCardStream`),
    schema: IssueTemporaryCardSchema,
    summary: 'IssueTemporaryCard over a websocket: the request as the first message, then the card\'s progress steps and the outcome (designed, like IssueCardStream)',
    run: (auth, actor, body, operationId) => service.issueTemporaryCard(deps, auth, actor, body as Parameters<typeof service.issueTemporaryCard>[3], { operationId }),
  });
  app.post(
    '/api2/CMS-v2/AssignTemporaryCard',
    {
      config,
      schema: { summary: 'Assign a registered card as a temporary card replacing a card of the same user', tags, body: AssignTemporaryCardSchema, response: { 200: SmartcardSchema, ...errorResponses(400, 401, 404, 409, 503) } },
    },
    async (request) => service.assignTemporaryCard(deps, requireAuth(request), actorOf(request), request.body),
  );
  app.get(
    '/api2/CMS-v2/TemporarilyReplacedBy',
    { config, schema: { summary: 'The temporary cards that replace (or replaced) a card, newest first', tags, querystring: ById, response: { 200: CardList, ...errorResponses(400, 401, 404) } } },
    async (request) => ({ smartcards: await service.replacedBy(deps, requireAuth(request), request.query.smartcard_id) }),
  );
  app.get(
    '/api2/CMS-v2/TemporarilyReplaces',
    { config, schema: { summary: 'The card a temporary card replaces (empty for any other card)', tags, querystring: ById, response: { 200: CardList, ...errorResponses(400, 401, 404) } } },
    async (request) => ({ smartcards: await service.replaces(deps, requireAuth(request), request.query.smartcard_id) }),
  );
  app.get(
    '/api2/CMS-v2/TemporaryCardCandidates',
    {
      config,
      schema: {
        summary: 'The cards of a user a temporary card may replace: assigned or issued, not temporary cards (designed)',
        tags,
        querystring: Type.Object({ user_id: Uuid() }, { additionalProperties: false }),
        response: { 200: CardList, ...errorResponses(400, 401) },
      },
    },
    async (request) => ({ smartcards: await service.replaceableCardsOfUser(deps, requireAuth(request), request.query.user_id) }),
  );
};
