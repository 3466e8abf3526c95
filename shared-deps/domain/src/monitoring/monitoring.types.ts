/** Wire shapes of monitoring: audit events (docs/api.md). */

/** An audit event (`GET /api2/Monitoring-v1/AuditEvents`). */
export interface AuditEvent {
  id: string;
  tenantId: string | null;
  actorUserId: string | null;
  actorUsername: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  outcome: 'success' | 'failure';
  ip: string | null;
  detail: Record<string, unknown>;
  createdAt: string;
}
