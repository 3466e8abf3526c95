/**
 * Routes of the card stock (issue 15 "Beyond the spec: card stock"; designed, docs/api.md "Card stock"). Every route
 * takes smartcardManage (the permission of the readers page, `/credentials/smartcards/cms`): viewing and moving stock
 * is part of managing cards.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { STOCK_LIMITS, STOCK_MANUAL_MOVES, STOCK_SORT_KEYS, STOCK_STATES } from '@tessera/domain';
import { errorResponses, MultilineString, SafeString } from '../platform/schemas';
import { actorOf, requireAuth } from '../platform/request';
import * as service from './stock.service';

const tags = ['smartcards'];
const P = '/api2/CMS-v2';
const manage = { auth: 'session', permission: 'smartcardManage' } as const;
const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);
const StateSchema = Type.Union(STOCK_STATES.map((s) => Type.Literal(s)));
const CardType = (options: { minLength?: number; description?: string } = {}) => SafeString({ maxLength: STOCK_LIMITS.cardTypeMaxLength, ...options });

const StockItemSchema = Type.Object({
  id: Type.String(),
  serial: Type.String(),
  cardType: Type.String(),
  batch: Nullable(Type.String()),
  state: StateSchema,
  receivedAt: Type.String(),
  receivedBy: Type.String(),
  movedAt: Type.String(),
  movedBy: Type.String(),
  cardId: Nullable(Type.String()),
  reason: Nullable(Type.String()),
});
const StockCountsSchema = Type.Object({
  counts: Type.Array(
    Type.Object({
      cardType: Type.String(),
      received: Type.Integer(),
      inStock: Type.Integer(),
      issued: Type.Integer(),
      returned: Type.Integer(),
      destroyed: Type.Integer(),
      available: Type.Integer(),
      threshold: Type.Integer(),
      low: Type.Boolean(),
    }),
  ),
  requireStock: Type.Boolean(),
  requireStockMessage: Type.String(),
});
const ListQuery = Type.Object(
  {
    search: Type.Optional(SafeString({ maxLength: 200 })),
    state: Type.Optional(StateSchema),
    cardType: Type.Optional(CardType()),
    sort: Type.Optional(Type.Union(STOCK_SORT_KEYS.map((k) => Type.Literal(k)))),
    order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
    page: Type.Optional(Type.Integer({ minimum: 1 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: STOCK_LIMITS.pageSizeMax })),
  },
  { additionalProperties: false },
);
const ReceiveSchema = Type.Object(
  {
    csv: Type.Optional(MultilineString({ maxLength: 3_000_000, description: 'A CSV file: header serial,cardType[,batch], then one card a line' })),
    items: Type.Optional(
      Type.Array(
        Type.Object(
          { serial: SafeString({ maxLength: 200 }), cardType: Type.Optional(SafeString({ maxLength: 200 })), batch: Type.Optional(SafeString({ maxLength: 200 })) },
          { additionalProperties: false },
        ),
        { maxItems: STOCK_LIMITS.serialsMax + 1 },
      ),
    ),
    cardType: Type.Optional(CardType({ description: 'Fills an empty cardType' })),
  },
  { additionalProperties: false },
);

/** Registers the stock routes. */
export const stockRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db, audit: app.audit, now: () => app.now(), hub: app.agentHub };

  app.get(
    `${P}/Stock`,
    { config: manage, schema: { summary: 'List the card stock (paged, searched in serial, card type and batch, filtered by state and card type, sorted)', tags, querystring: ListQuery, response: { 200: Type.Object({ items: Type.Array(StockItemSchema), total: Type.Integer(), page: Type.Integer(), pageSize: Type.Integer() }), ...errorResponses(401, 403) } } },
    async (request) => service.list(deps, requireAuth(request), request.query),
  );
  app.get(
    `${P}/StockCounts`,
    { config: manage, schema: { summary: 'The stock counts per card type, with the low-stock threshold of each and the "require stock" setting', tags, response: { 200: StockCountsSchema, ...errorResponses(401, 403) } } },
    async (request) => service.counts(deps, requireAuth(request)),
  );
  app.get(
    `${P}/StockNextSerial`,
    {
      config: manage,
      schema: {
        summary: 'The next unused card number: the serial of the card (of a type) available longest',
        tags,
        querystring: Type.Object({ cardType: Type.Optional(CardType()) }, { additionalProperties: false }),
        response: { 200: StockItemSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => service.nextSerial(deps, requireAuth(request), request.query),
  );
  app.post(
    `${P}/StockReceive`,
    {
      config: { ...manage, upload: true },
      schema: {
        summary: 'Receive cards into stock from a CSV file or a list: all or nothing, every bad line named',
        tags,
        body: ReceiveSchema,
        response: { 201: Type.Object({ received: Type.Integer(), cardTypes: Type.Record(Type.String(), Type.Integer()) }), ...errorResponses(400, 401, 409, 503) },
      },
    },
    async (request, reply) => reply.code(201).send(await service.receive(deps, requireAuth(request), actorOf(request), request.body)),
  );
  app.post(
    `${P}/StockScanIn`,
    {
      config: manage,
      schema: {
        summary: "Receive the card in a reader of the caller's CMS Client into stock, by the serial the agent reads",
        tags,
        body: Type.Object(
          { readerName: SafeString({ minLength: 1, maxLength: 200 }), cardType: Type.Optional(CardType()), batch: Type.Optional(SafeString({ maxLength: STOCK_LIMITS.batchMaxLength })) },
          { additionalProperties: false },
        ),
        response: { 201: StockItemSchema, ...errorResponses(400, 401, 404, 409, 502, 503, 504) },
      },
    },
    async (request, reply) => reply.code(201).send(await service.scanIn(deps, requireAuth(request), actorOf(request), request.body)),
  );
  app.post(
    `${P}/StockMove`,
    {
      config: manage,
      schema: {
        summary: 'Move a card of the stock by hand: shelve (received → in stock), return (issued → returned), restock (returned → in stock), destroy (with a reason)',
        tags,
        body: Type.Object(
          { serial: SafeString({ minLength: 1, maxLength: STOCK_LIMITS.serialMaxLength }), move: Type.Union(STOCK_MANUAL_MOVES.map((m) => Type.Literal(m))), reason: Type.Optional(SafeString({ maxLength: STOCK_LIMITS.reasonMaxLength + 100 })) },
          { additionalProperties: false },
        ),
        response: { 200: StockItemSchema, ...errorResponses(400, 401, 404, 409, 503) },
      },
    },
    async (request) => service.move(deps, requireAuth(request), actorOf(request), request.body),
  );
  app.put(
    `${P}/StockThreshold`,
    {
      config: manage,
      schema: {
        summary: 'Set the low-stock threshold of a card type (0 turns the warning off)',
        tags,
        body: Type.Object({ cardType: CardType({ minLength: 1 }), threshold: Type.Integer() }, { additionalProperties: false }),
        response: { 200: StockCountsSchema, ...errorResponses(400, 401, 503) },
      },
    },
    async (request) => service.setThreshold(deps, requireAuth(request), actorOf(request), request.body),
  );
  app.put(
    `${P}/StockSettings`,
    {
      config: manage,
      schema: {
        summary: 'Set whether cards must come from stock to be registered or issued (default: cards not in stock are allowed)',
        tags,
        body: Type.Object({ requireStock: Type.Boolean() }, { additionalProperties: false }),
        response: { 200: StockCountsSchema, ...errorResponses(400, 401, 503) },
      },
    },
    async (request) => service.setSettings(deps, requireAuth(request), actorOf(request), request.body),
  );
};
