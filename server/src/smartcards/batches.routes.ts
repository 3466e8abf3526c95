/**
 * Routes of card batches (issue 16; signin §7 AddBatch {users}, PrintBatch {batch_id, reader, printOnly},
 * DeactivatePrintedCard; admin-console §2.2 `batchPrintStatus/{id}` [smartcardBatchFilesPrintStatus] and
 * `batchfiles/download` [smartcardBatchFiles]; docs/api.md "Card batches"). AddBatch, PrintBatch and
 * DeactivatePrintedCard take smartcardBatchFilesPrint (the permission of `printSmartcardSearch`).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { BATCH_CARD_STATES, BATCH_LIMITS, BATCH_STATES } from '@tessera/domain';
import { errorResponses, responseOf, SafeString, Uuid } from '../platform/schemas';
import { actorOf, requireAuth } from '../platform/request';
import { secretBoxFor } from '../platform/secret-box';
import { pkiDepsOf } from '../pki/pki.service';
import { callerOf } from './printers.routes';
import * as service from './batches.service';

const tags = ['smartcards'];
const VERSIONS = ['CMS-v1', 'CMS-v2'] as const;
const P = '/api2/CMS-v2';
const print = { auth: 'session', permission: 'smartcardBatchFilesPrint' } as const;

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);
const BatchCardSchema = Type.Object({
  position: Type.Integer(),
  userId: Type.String(),
  userDn: Type.String(),
  cardTemplateId: Type.String(),
  state: Type.Union(BATCH_CARD_STATES.map((s) => Type.Literal(s))),
  cardId: Nullable(Type.String()),
  cardSerial: Nullable(Type.String()),
  printedCardId: Nullable(Type.String()),
  error: Nullable(Type.String()),
  deactivated: Type.Boolean(),
  updatedAt: Type.String(),
});
const BatchFields = {
  batchId: Type.String(),
  state: Type.Union(BATCH_STATES.map((s) => Type.Literal(s))),
  printOnly: Type.Union([Type.Boolean(), Type.Null()]),
  reader: Nullable(Type.String()),
  total: Type.Integer(),
  done: Type.Integer(),
  failed: Type.Integer(),
  cards: Type.Array(BatchCardSchema),
  createdAt: Type.String(),
  updatedAt: Type.String(),
};
const BatchSchema = Type.Object(BatchFields);
const { cards: _cards, ...SummaryFields } = BatchFields;
const ListQuery = Type.Object(
  { search: Type.Optional(SafeString({ maxLength: 200 })), page: Type.Optional(Type.Integer({ minimum: 1 })), pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: BATCH_LIMITS.pageSizeMax })) },
  { additionalProperties: false },
);
const PrintResultSchema = Type.Object({ ...BatchFields, printedNow: Type.Integer(), skipped: Type.Integer() });
const AddBatchSchema = Type.Object(
  {
    users: Type.Array(
      Type.Object({ cardTemplateId: Uuid(), userId: Uuid(), userDn: SafeString({ maxLength: BATCH_LIMITS.userDnMaxLength }) }, { additionalProperties: false }),
      { maxItems: BATCH_LIMITS.usersMax },
    ),
  },
  { additionalProperties: false },
);
const PrintBatchSchema = Type.Object(
  { batch_id: Uuid(), reader: SafeString({ minLength: 1, maxLength: 200, description: "the encoder reader of a card printer of the caller's CMS Client" }), printOnly: Type.Boolean() },
  { additionalProperties: false },
);
const BatchQuery = Type.Object({ batch_id: Uuid() }, { additionalProperties: false });

/** Registers the batch routes. */
export const batchesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db, audit: app.audit, now: () => app.now(), hub: app.agentHub, sessions: app.sessions, box: secretBoxFor(app.config), pki: pkiDepsOf(app) };

  for (const v of VERSIONS) {
    app.post(
      `/api2/${v}/AddBatch`,
      { config: print, schema: { summary: 'Add a batch of users to issue and print cards for', tags, body: AddBatchSchema, response: { 201: Type.Object({ batchId: Type.String() }), ...errorResponses(400, 401, 403, 503) } } },
      async (request, reply) => reply.code(201).send(await service.addBatch(deps, requireAuth(request), actorOf(request), request.body)),
    );
    app.post(
      `/api2/${v}/PrintBatch`,
      {
        config: print,
        schema: {
          summary: "Insert, issue (unless printOnly), print and eject each card of a batch not done yet, through the printer of a reader of the caller's CMS Client",
          tags,
          body: PrintBatchSchema,
          response: { 200: PrintResultSchema, ...errorResponses(400, 401, 403, 404, 409, 502, 503, 504) },
        },
      },
      async (request) => service.printBatch(deps, requireAuth(request), actorOf(request), callerOf(request), request.body),
    );
    app.post(
      `/api2/${v}/DeactivatePrintedCard`,
      { config: print, schema: { summary: 'Deactivate a printed card', tags, body: Type.Object({ printedCardId: SafeString({ minLength: 1, maxLength: 100 }) }, { additionalProperties: false }), response: { 200: BatchCardSchema, ...errorResponses(400, 401, 403, 404, 409, 503) } } },
      async (request) => service.deactivatePrintedCard(deps, requireAuth(request), actorOf(request), request.body.printedCardId),
    );
  }
  app.get(
    `${P}/Batches`,
    {
      // printSmartcardSearch [smartcardBatchFilesPrint] and batchfiles/download [smartcardBatchFiles] both list them.
      config: { auth: 'session', permission: ['smartcardBatchFilesPrint', 'smartcardBatchFiles'] },
      schema: { summary: 'List the batches, newest first, searched in the users\' DNs or the batch id (printSmartcardSearch)', tags, querystring: ListQuery, response: { 200: Type.Object({ batches: Type.Array(Type.Object(SummaryFields)), total: Type.Integer(), page: Type.Integer(), pageSize: Type.Integer() }), ...errorResponses(401, 403) } },
    },
    async (request) => service.listBatches(deps, requireAuth(request), request.query),
  );
  app.get(
    `${P}/BatchPrintStatus`,
    { config: { auth: 'session', permission: 'smartcardBatchFilesPrintStatus' }, schema: { summary: "A batch's print progress, card by card (polled every 3 s)", tags, querystring: BatchQuery, response: { 200: BatchSchema, ...errorResponses(401, 403, 404) } } },
    async (request) => service.batchStatus(deps, requireAuth(request), request.query.batch_id),
  );
  app.get(
    `${P}/batchfiles/download`,
    { config: { auth: 'session', permission: 'smartcardBatchFiles' }, schema: { summary: "The batch's records as CSV", tags, querystring: BatchQuery, response: { 200: responseOf("The batch's records as CSV", { 'text/csv': Type.String() }), ...errorResponses(401, 403, 404) } } },
    async (request, reply) => {
      const csv = await service.batchFile(deps, requireAuth(request), request.query.batch_id);
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="batch-${request.query.batch_id}.csv"`).send(csv);
    },
  );
};
