/**
 * Routes of the suspensions list and the card report (issue 15; admin-console §2.2 Smartcards "suspensions and
 * reports" [smartcardSuspendedReport]; docs/api.md "Smartcards"). Resume stays `POST ResumeCard` (smartcardManage).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { SUSPENSION_LIST_PAGE_SIZE_MAX, SUSPENSION_SORT_KEYS } from '@tessera/domain';
import { errorResponses, SafeString } from '../platform/schemas';
import { requireAuth } from '../platform/request';
import * as service from './card-reports.service';

const tags = ['smartcards'];
const config = { auth: 'session', permission: 'smartcardSuspendedReport' } as const;
const Nullable = (t: ReturnType<typeof Type.String>) => Type.Union([t, Type.Null()]);

const SuspendedCardSchema = Type.Object({
  cardId: Type.String(),
  serialNumber: Type.String(),
  userId: Nullable(Type.String()),
  username: Nullable(Type.String()),
  cardTemplateId: Nullable(Type.String()),
  template: Nullable(Type.String()),
  suspendedAt: Nullable(Type.String()),
  suspendedBy: Nullable(Type.String()),
  reason: Nullable(Type.String()),
  suspendedFrom: Nullable(Type.String()),
});
const ExpiringCardSchema = Type.Object({
  cardId: Type.String(),
  serialNumber: Type.String(),
  username: Nullable(Type.String()),
  template: Nullable(Type.String()),
  status: Type.String(),
  expiresAt: Type.String(),
  daysLeft: Type.Integer(),
});
const CardReportSchema = Type.Object({
  total: Type.Integer(),
  byStatus: Type.Array(Type.Object({ status: Type.String(), count: Type.Integer() })),
  byTemplate: Type.Array(Type.Object({ cardTemplateId: Nullable(Type.String()), template: Nullable(Type.String()), count: Type.Integer() })),
  issuedPerWeek: Type.Array(Type.Object({ weekStart: Type.String(), count: Type.Integer() })),
  expiringCounts: Type.Array(Type.Object({ days: Type.Integer(), count: Type.Integer() })),
  expiring: Type.Array(ExpiringCardSchema),
  generatedAt: Type.String(),
});

/** Registers the suspensions list and the card report. */
export const cardReportsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db, now: () => app.now() };
  app.get(
    '/api2/CMS-v2/SuspendedCards',
    {
      config,
      schema: {
        summary: 'List the suspended smartcards of the tenant (paged, searched by serial, username, template, reason or who suspended it, and sorted; designed)',
        tags,
        querystring: Type.Object(
          {
            search: Type.Optional(SafeString({ maxLength: 200 })),
            sort: Type.Optional(Type.Union(SUSPENSION_SORT_KEYS.map((k) => Type.Literal(k)))),
            order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
            page: Type.Optional(Type.Integer({ minimum: 1 })),
            pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: SUSPENSION_LIST_PAGE_SIZE_MAX })),
          },
          { additionalProperties: false },
        ),
        response: { 200: Type.Object({ cards: Type.Array(SuspendedCardSchema), total: Type.Integer(), page: Type.Integer(), pageSize: Type.Integer() }), ...errorResponses(400, 401) },
      },
    },
    async (request) => service.pageSuspended(deps, requireAuth(request), request.query),
  );
  app.get(
    '/api2/CMS-v2/CardReport',
    {
      config,
      schema: {
        summary: 'The card report of the tenant: counts by status and card template, issued per week (12 weeks), cards expiring within 30/60/90 days (designed)',
        tags,
        response: { 200: CardReportSchema, ...errorResponses(401) },
      },
    },
    async (request) => service.cardReport(deps, requireAuth(request)),
  );
};
