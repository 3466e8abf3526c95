/** Kysely queries of `audit_events` for the monitoring area. */
import { sql } from 'kysely';
import type { DbOrTrx } from '../db/database';
import type { AuditEventRow } from './audit-events.table';
import { likePattern } from '../platform/like-pattern';

/** Query of the audit list. */
export interface AuditEventQuery {
  skip: number;
  take: number;
  search?: string;
  action?: string;
}

/** A page of the tenant's audit events, newest first, and the total. */
export async function list(db: DbOrTrx, tenantId: string, q: AuditEventQuery): Promise<{ total: number; rows: AuditEventRow[] }> {
  let base = db.selectFrom('audit_events').where('tenant_id', '=', tenantId);
  if (q.action) base = base.where('action', '=', q.action);
  if (q.search) {
    const pattern = likePattern(q.search);
    base = base.where((eb) => eb.or([eb('action', 'ilike', pattern), eb('actor_username', 'ilike', pattern), eb('target_id', 'ilike', pattern)]));
  }
  const [{ total }, rows] = await Promise.all([
    base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
    base.selectAll().orderBy('created_at', 'desc').orderBy('id').offset(q.skip).limit(q.take).execute(),
  ]);
  return { total, rows };
}
