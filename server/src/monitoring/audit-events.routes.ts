/** `GET /api2/Monitoring-v1/AuditEvents`: the tenant's audit trail (permission `audit`). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { AuditEvent, Page } from '@tessera/domain';
import { errorResponses, PageOf, PageQueryFields, SafeString } from '../platform/schemas';
import { requireAuth } from '../platform/request';
import * as auditEvents from './audit-events.repository';
import type { AuditEventRow } from './audit-events.table';

/** `AuditEvent`. */
export const AuditEventSchema = Type.Object({
  id: Type.String(),
  tenantId: Type.Union([Type.String(), Type.Null()]),
  actorUserId: Type.Union([Type.String(), Type.Null()]),
  actorUsername: Type.Union([Type.String(), Type.Null()]),
  action: Type.String(),
  targetType: Type.Union([Type.String(), Type.Null()]),
  targetId: Type.Union([Type.String(), Type.Null()]),
  outcome: Type.Union([Type.Literal('success'), Type.Literal('failure')]),
  ip: Type.Union([Type.String(), Type.Null()]),
  detail: Type.Record(Type.String(), Type.Unknown()),
  createdAt: Type.String(),
});

/** Query of the audit list. */
export const AuditEventQuerySchema = Type.Object(
  { ...PageQueryFields, action: Type.Optional(SafeString({ minLength: 1, maxLength: 100 })) },
  { additionalProperties: false },
);

/** The API's view of an audit row. */
export function toAuditEvent(row: AuditEventRow): AuditEvent {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    actorUserId: row.actor_user_id,
    actorUsername: row.actor_username,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    outcome: row.outcome,
    ip: row.ip,
    detail: row.detail,
    createdAt: row.created_at.toISOString(),
  };
}

/** Registers the monitoring routes. */
export const monitoringRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api2/Monitoring-v1/AuditEvents',
    {
      config: { auth: 'session', permission: 'audit' },
      schema: { summary: 'List audit events', tags: ['monitoring'], querystring: AuditEventQuerySchema, response: { 200: PageOf(AuditEventSchema), ...errorResponses(401) } },
    },
    async (request): Promise<Page<AuditEvent>> => {
      const { tenantId } = requireAuth(request);
      const q = request.query;
      const { total, rows } = await auditEvents.list(app.db, tenantId, {
        skip: q.skip ?? 0,
        take: q.take ?? 10,
        ...(q.search ? { search: q.search } : {}),
        ...(q.action ? { action: q.action } : {}),
      });
      return { totalResults: total, results: rows.map(toAuditEvent) };
    },
  );
};
