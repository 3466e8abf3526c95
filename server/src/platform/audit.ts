/**
 * The audit writer: `app.audit.write(trx, event)` inside the transaction of the action. When the write
 * fails it throws `AuditFailedError`, the transaction rolls back, and the answer is 503 `Audit failed`.
 */
import type { FastifyRequest } from 'fastify';
import type { QueryCreator } from 'kysely';
import type { Database, Trx } from '../db/database';
import { AuditFailedError } from './errors';
import type { BatchStatement } from './group-commit';
import { insertJsonRows } from './json-rows';

/** One audit event. */
export interface AuditEventInput {
  tenantId: string | null;
  actorUserId?: string | null;
  actorUsername?: string | null;
  /** The API key that acted (actorUsername is then its name). */
  actorApiKeyId?: string | null;
  /** What happened, e.g. `login`, `user.create`. */
  action: string;
  targetType?: string | null;
  targetId?: string | null;
  outcome?: 'success' | 'failure';
  ip?: string | null;
  /** Extra facts; never secrets. */
  detail?: Record<string, unknown>;
}

/** Writes audit events. */
export interface AuditWriter {
  /** Writes the event in `trx`. @throws AuditFailedError */
  write(trx: Trx, event: AuditEventInput): Promise<void>;
  /** Writes several events in `trx` at once (one statement where the writer can). @throws AuditFailedError */
  writeMany?(trx: Trx, events: readonly AuditEventInput[]): Promise<void>;
  /**
   * The one statement that writes `events`, for a transaction run as compiled statements (platform/group-commit's
   * StatementBatchWriter), with its failure: AuditFailedError, so that the batch's items answer 503 `Audit failed`. A
   * writer without it is only called with a transaction.
   */
  statementOf?(db: QueryCreator<Database>, events: readonly AuditEventInput[]): BatchStatement;
}

/** Writes `events` in `trx` through the writer's writeMany, or one by one when it has none. @throws AuditFailedError */
export async function writeAuditEvents(writer: AuditWriter, trx: Trx, events: readonly AuditEventInput[]): Promise<void> {
  if (events.length === 0) return;
  if (writer.writeMany) return writer.writeMany(trx, events);
  for (const event of events) await writer.write(trx, event);
}

/** Actor and address of a request, for an audit event. */
export function auditActor(request: FastifyRequest): Pick<AuditEventInput, 'actorUserId' | 'actorUsername' | 'actorApiKeyId' | 'ip' | 'tenantId'> {
  return {
    tenantId: request.auth?.tenantId ?? null,
    actorUserId: request.auth?.userId ?? null,
    actorUsername: request.auth?.username ?? null,
    actorApiKeyId: request.auth?.apiKey?.id ?? null,
    ip: request.ip,
  };
}

/** The row of an audit event (its detail as an object: platform/json-rows writes it). */
const auditRow = (event: AuditEventInput) => ({
  tenant_id: event.tenantId,
  actor_user_id: event.actorUserId ?? null,
  actor_username: event.actorUsername ?? null,
  actor_api_key_id: event.actorApiKeyId ?? null,
  action: event.action,
  target_type: event.targetType ?? null,
  target_id: event.targetId ?? null,
  outcome: event.outcome ?? 'success',
  ip: event.ip ?? null,
  detail: event.detail ?? {},
});

/** The INSERT of audit events: one JSON parameter for the rows (platform/json-rows; the hot paths write many at once). */
const auditInsert = (db: QueryCreator<Database>, events: readonly AuditEventInput[]) => insertJsonRows(db, 'audit_events', events.map(auditRow));

/** The database audit writer. */
export const databaseAuditWriter: AuditWriter = {
  async write(trx, event) {
    try {
      await auditInsert(trx, [event]).execute();
    } catch (cause) {
      throw new AuditFailedError(cause);
    }
  },
  async writeMany(trx, events) {
    if (events.length === 0) return;
    try {
      await auditInsert(trx, events).execute();
    } catch (cause) {
      throw new AuditFailedError(cause);
    }
  },
  statementOf(db, events) {
    return { query: auditInsert(db, events).compile(), failure: (cause) => new AuditFailedError(cause) };
  },
};
