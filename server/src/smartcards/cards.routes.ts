/**
 * Routes of the smartcards the server drives (issue 15; signin §7 IssueCard, `/smartcards/users/{id}`;
 * docs/api.md "Smartcards"): IssueCard on both protocol paths, one card, the tenant's cards. smartcardManage.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { PIV_PIN_LENGTH, SUSPENSION_REASON_MAX_LENGTH, SMARTCARD_LIST_PAGE_SIZE_MAX, SMARTCARD_SORT_KEYS, SMARTCARD_STATUSES } from '@tessera/domain';
import { CardIdSchema, errorResponses, SafeString, Uuid } from '../platform/schemas';
import { actorOf, requireAuth } from '../platform/request';
import { secretBoxFor } from '../platform/secret-box';
import { pkiDepsOf } from '../pki/pki.service';
import * as service from './cards.service';
import { registerCardStreams } from './card-streams';

const tags = ['smartcards'];
const config = { auth: 'session', permission: 'smartcardManage' } as const;
const VERSIONS = ['CMS-v1', 'CMS-v2'] as const;

/** The IssueCard body (also the first message of IssueCardStream). */
export const IssueCardSchema = Type.Object(
  {
    card_id: CardIdSchema,
    user_id: Uuid(),
    card_template_id: Uuid(),
    // The template's rule (digits, lengths) is checked by the service with domain's validatePin.
    pin: Type.String({ minLength: PIV_PIN_LENGTH.min, maxLength: PIV_PIN_LENGTH.max, pattern: '^[\\x21-\\x7e]+$' }),
  },
  { additionalProperties: false },
);
/** The RegisterCard body (also the message of RegisterCardStream). */
export const RegisterCardSchema = Type.Object(
  {
    card_id: CardIdSchema,
    user_id: Type.Optional(Uuid()),
    card_template_id: Type.Optional(Uuid()),
    pin: Type.Optional(Type.String({ minLength: PIV_PIN_LENGTH.min, maxLength: PIV_PIN_LENGTH.max, pattern: '^[\\x21-\\x7e]+$' })),
  },
  { additionalProperties: false },
);
/** The ReissueCard body (signin §7 {card_id, card_pin, forceRevoke}; also the message of ReissueCardStream). */
export const ReissueCardSchema = Type.Object(
  {
    card_id: CardIdSchema,
    card_pin: Type.String({ minLength: PIV_PIN_LENGTH.min, maxLength: PIV_PIN_LENGTH.max, pattern: '^[\\x21-\\x7e]+$' }),
    forceRevoke: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
/** The UnregisterCard body (also the message of UnregisterCardStream). */
export const UnregisterCardSchema = Type.Object({ smartcard_id: Uuid() }, { additionalProperties: false });
const CertificateSchema = Type.Object({ slot: Type.String(), certId: Type.String(), caId: Type.String(), serialNumber: Type.String(), notAfter: Type.String(), pem: Type.String() });
export const SmartcardSchema = Type.Object({
  cardId: Type.String(),
  serialNumber: Type.String(),
  atr: Type.String(),
  cardType: Type.String(),
  status: Type.String(),
  userId: Type.Union([Type.String(), Type.Null()]),
  cardTemplateId: Type.Union([Type.String(), Type.Null()]),
  certificates: Type.Array(CertificateSchema),
  batch_id: Type.Union([Type.String(), Type.Null()]),
  extensions: Type.Record(Type.String(), Type.Unknown()),
  failure: Type.Union([Type.String(), Type.Null()]),
  suspendedAt: Type.Union([Type.String(), Type.Null()]),
  suspensionReason: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});

const SmartcardListQuerySchema = Type.Object(
  {
    user_id: Type.Optional(Uuid()),
    status: Type.Optional(Type.Union(SMARTCARD_STATUSES.map((k) => Type.Literal(k)))),
    search: Type.Optional(SafeString({ maxLength: 200 })),
    sort: Type.Optional(Type.Union(SMARTCARD_SORT_KEYS.map((k) => Type.Literal(k)))),
    order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
    page: Type.Optional(Type.Integer({ minimum: 1 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: SMARTCARD_LIST_PAGE_SIZE_MAX })),
  },
  { additionalProperties: false },
);

/** Registers the card routes. */
export const cardsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db, audit: app.audit, now: () => app.now(), hub: app.agentHub, box: secretBoxFor(app.config), pki: pkiDepsOf(app) };

  for (const v of VERSIONS) {
    app.post(
      `/api2/${v}/IssueCard`,
      {
        config,
        schema: {
          summary: 'Issue the card in a reader of the caller\'s CMS Client to a user with a card template',
          tags,
          body: IssueCardSchema,
          response: { 200: SmartcardSchema, ...errorResponses(400, 401, 404, 409, 502, 503, 504) },
        },
      },
      async (request) => service.issueCard(deps, requireAuth(request), actorOf(request), request.body),
    );
  }
  registerCardStreams(app, {
    paths: VERSIONS.map((v) => `/api2/${v}/IssueCardStream`),
    schema: IssueCardSchema,
    summary: 'IssueCard over a websocket: the request as the first message, then the card\'s progress steps and the outcome (signin §7)',
    run: (auth, actor, body, operationId) => service.issueCard(deps, auth, actor, body as Parameters<typeof service.issueCard>[3], { operationId }),
  });
  registerCardStreams(app, {
    paths: VERSIONS.map((v) => `/api2/${v}/RegisterCardStream`),
    schema: RegisterCardSchema,
    summary: 'RegisterCard over a websocket: the request as the first message, then the card\'s progress steps and the outcome {smartcard, issued} (signin §7)',
    run: (auth, actor, body, operationId) => service.registerCard(deps, auth, actor, body as service.RegisterCardRequest, { operationId }),
  });
  registerCardStreams(app, {
    paths: VERSIONS.map((v) => `/api2/${v}/UnregisterCardStream`),
    schema: UnregisterCardSchema,
    summary: 'UnregisterCard over a websocket: the request as the first message, then the outcome {unregistered, pkiError, certRevokeError} (signin §7)',
    run: (auth, actor, body) => service.unregisterCard(deps, auth, actor, body as { smartcard_id: string }),
  });
  registerCardStreams(app, {
    paths: VERSIONS.map((v) => `/api2/${v}/ReissueCardStream`),
    schema: ReissueCardSchema,
    summary: 'ReissueCard over a websocket: the request as the first message, then the card\'s progress steps and the outcome {smartcard, certRevokeError} (signin §7)',
    run: (auth, actor, body, operationId) => service.reissueCard(deps, auth, actor, body as service.ReissueCardRequest, { operationId }),
  });
  const PinSchema = () => Type.String({ minLength: PIV_PIN_LENGTH.min, maxLength: PIV_PIN_LENGTH.max, pattern: '^[\\x21-\\x7e]+$' });
  for (const v of VERSIONS) {
    app.post(
      `/api2/${v}/ChangePin`,
      {
        // selfServicePortal: the holder's own card only (`/self/portal/`; the service checks the card's user).
        config: { ...config, permission: ['smartcardManage', 'selfServicePortal'] },
        schema: {
          summary: 'Change the PIN of the card in a reader (selfServicePortal alone: a card assigned to the caller only)',
          tags,
          body: Type.Object({ card_id: CardIdSchema, old_pin: PinSchema(), new_pin: PinSchema() }, { additionalProperties: false }),
          response: { 200: Type.Object({ changed: Type.Boolean() }), ...errorResponses(400, 401, 403, 404, 409, 502, 503, 504) },
        },
      },
      async (request) => service.changePin(deps, requireAuth(request), actorOf(request), request.body),
    );
    app.post(
      `/api2/${v}/UnblockCard`,
      {
        config,
        schema: {
          summary: 'Unblock the card in a reader with the PUK the server holds, and set a new PIN',
          tags,
          body: Type.Object({ card_id: CardIdSchema, new_pin: PinSchema() }, { additionalProperties: false }),
          response: { 200: Type.Object({ unblocked: Type.Boolean() }), ...errorResponses(400, 401, 403, 404, 409, 502, 503, 504) },
        },
      },
      async (request) => service.unblockCard(deps, requireAuth(request), actorOf(request), request.body),
    );
  }
  for (const v of VERSIONS) {
    app.post(
      `/api2/${v}/ReissueCard`,
      {
        config,
        schema: {
          summary: 'Renew the certificates of the issued card in a reader: new keys on the card, new certificates; forceRevoke revokes the old ones',
          tags,
          body: ReissueCardSchema,
          response: { 200: Type.Object({ smartcard: SmartcardSchema, certRevokeError: Type.Union([Type.String(), Type.Null()]) }), ...errorResponses(400, 401, 403, 404, 409, 502, 503, 504) },
        },
      },
      async (request) => service.reissueCard(deps, requireAuth(request), actorOf(request), request.body),
    );
  }
  for (const v of VERSIONS) {
    app.post(
      `/api2/${v}/RegisterCard`,
      {
        config,
        schema: {
          summary: 'Register the card in a reader (serial, ATR, no user); with user_id, card_template_id and pin, issue it too',
          tags,
          body: RegisterCardSchema,
          response: { 200: Type.Object({ smartcard: SmartcardSchema, issued: Type.Boolean() }), ...errorResponses(400, 401, 404, 409, 502, 503, 504) },
        },
      },
      async (request) => service.registerCard(deps, requireAuth(request), actorOf(request), request.body),
    );
    app.post(
      `/api2/${v}/UnregisterCard`,
      {
        config,
        schema: {
          summary: 'Revoke the certificates of a smartcard and forget it (pkiError when the PKI refused some: the card stays)',
          tags,
          body: UnregisterCardSchema,
          response: { 200: Type.Object({ unregistered: Type.Boolean(), pkiError: Type.Boolean(), certRevokeError: Type.Union([Type.String(), Type.Null()]) }), ...errorResponses(400, 401, 404, 409, 503) },
        },
      },
      async (request) => service.unregisterCard(deps, requireAuth(request), actorOf(request), request.body),
    );
  }
  app.post(
    '/api2/CMS-v2/AssignCard',
    {
      config,
      schema: {
        summary: 'Assign a registered smartcard to a user with a card template',
        tags,
        body: Type.Object(
          { card_id: Uuid(), user_id: Uuid(), card_template_id: Uuid(), extensions: Type.Optional(Type.Record(Type.String({ maxLength: 100 }), Type.Unknown(), { maxProperties: 50 })) },
          { additionalProperties: false },
        ),
        response: { 200: SmartcardSchema, ...errorResponses(400, 401, 404, 409, 503) },
      },
    },
    async (request) => service.assignCard(deps, requireAuth(request), actorOf(request), request.body),
  );
  app.post(
    '/api2/CMS-v2/UnassignCard',
    {
      config,
      schema: {
        summary: 'Take the user and card template off an assigned smartcard (back to registered)',
        tags,
        body: Type.Object({ card_id: Uuid() }, { additionalProperties: false }),
        response: { 200: SmartcardSchema, ...errorResponses(400, 401, 404, 409, 503) },
      },
    },
    async (request) => service.unassignCard(deps, requireAuth(request), actorOf(request), request.body),
  );
  app.post(
    '/api2/CMS-v2/RevokeCard',
    {
      config,
      schema: {
        summary: 'Revoke the certificates of a smartcard',
        tags,
        body: Type.Object({ smartcard_id: Uuid() }, { additionalProperties: false }),
        response: { 200: Type.Object({ smartcard: SmartcardSchema, certRevokeError: Type.Union([Type.String(), Type.Null()]) }), ...errorResponses(401, 404, 503) },
      },
    },
    async (request) => service.revokeCard(deps, requireAuth(request), actorOf(request), request.body.smartcard_id),
  );
  app.patch(
    '/api2/CMS-v2/Smartcard',
    {
      config: { auth: 'session', permission: 'smartcardEdit' },
      schema: {
        summary: 'Edit a smartcard record: whether it is a temporary card (extensions.temporary_card; designed)',
        tags,
        body: Type.Object({ smartcard_id: Uuid(), temporary_card: Type.Boolean() }, { additionalProperties: false }),
        response: { 200: SmartcardSchema, ...errorResponses(400, 401, 404, 503) },
      },
    },
    async (request) => service.updateCard(deps, requireAuth(request), actorOf(request), request.body),
  );
  app.post(
    '/api2/CMS-v2/SuspendCard',
    {
      config,
      schema: {
        summary: 'Suspend a smartcard: its certificates on hold (RFC 5280 certificateHold), the card suspended until resumed (designed)',
        tags,
        body: Type.Object({ smartcard_id: Uuid(), reason: Type.Optional(Type.Union([SafeString({ maxLength: SUSPENSION_REASON_MAX_LENGTH }), Type.Null()])) }, { additionalProperties: false }),
        response: { 200: SmartcardSchema, ...errorResponses(400, 401, 404, 409, 503) },
      },
    },
    async (request) => service.suspendCard(deps, requireAuth(request), actorOf(request), request.body),
  );
  app.post(
    '/api2/CMS-v2/ResumeCard',
    {
      config,
      schema: {
        summary: 'Resume a suspended smartcard: its certificates released from hold, the card back to the status it had (designed)',
        tags,
        body: Type.Object({ smartcard_id: Uuid() }, { additionalProperties: false }),
        response: { 200: SmartcardSchema, ...errorResponses(400, 401, 404, 409, 503) },
      },
    },
    async (request) => service.resumeCard(deps, requireAuth(request), actorOf(request), request.body),
  );
  app.post(
    '/api2/CMS-v2/CleanCard',
    {
      config,
      schema: {
        summary: 'Wipe the card in a reader (PIV reset), revoke its certificates and forget it',
        tags,
        body: Type.Object({ card_id: CardIdSchema }, { additionalProperties: false }),
        response: { 200: Type.Object({ cleaned: Type.Boolean(), certRevokeError: Type.Union([Type.String(), Type.Null()]) }), ...errorResponses(400, 401, 404, 409, 502, 503, 504) },
      },
    },
    async (request) => service.cleanCard(deps, requireAuth(request), actorOf(request), request.body),
  );
  app.get(
    '/api2/CMS-v2/Smartcard',
    // smartcardEdit too: the edit page (admin-console §2.2 edit/{smartcardID}) loads the card it edits.
    { config: { auth: 'session', permission: ['smartcardManage', 'smartcardEdit'] }, schema: { summary: 'Read a smartcard record', tags, querystring: Type.Object({ id: Uuid() }, { additionalProperties: false }), response: { 200: SmartcardSchema, ...errorResponses(401, 404) } } },
    async (request) => service.getCard(deps, requireAuth(request), request.query.id),
  );
  app.get(
    '/api2/CMS-v2/Smartcards',
    {
      config,
      schema: {
        summary: 'List the smartcards of the tenant (paged, searched by serial, ATR, card type or username, and sorted)',
        tags,
        querystring: SmartcardListQuerySchema,
        response: { 200: Type.Object({ smartcards: Type.Array(SmartcardSchema), total: Type.Integer(), page: Type.Integer(), pageSize: Type.Integer() }), ...errorResponses(400, 401) },
      },
    },
    async (request) => service.pageCards(deps, requireAuth(request), request.query),
  );
  app.get(
    '/smartcards/users/:id',
    {
      config,
      schema: { summary: 'List the smartcards of a user (404: none)', tags, params: Type.Object({ id: Uuid() }), response: { 200: Type.Array(SmartcardSchema), ...errorResponses(401, 404) } },
    },
    async (request) => service.cardsOfUser(deps, requireAuth(request), request.params.id),
  );
};
