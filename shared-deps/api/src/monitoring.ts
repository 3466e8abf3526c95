/** Monitoring-v1 calls (docs/api.md). */
import type { AuditEvent, Page, PageQuery } from '@tessera/domain';
import type { HttpSend } from './http';

/** Query of the audit event list. */
export type AuditEventQuery = Pick<PageQuery, 'skip' | 'take' | 'search'> & {
  /** Only events of this action, e.g. `login`. */
  action?: string;
};

/** The Monitoring-v1 calls. */
export interface MonitoringCalls {
  /** `GET /api2/Monitoring-v1/AuditEvents?skip&take&search&action` (audit; own tenant only). */
  listAuditEvents(query?: AuditEventQuery): Promise<Page<AuditEvent>>;
}

/** The Monitoring-v1 calls over `send`. */
export function monitoringCalls(send: HttpSend): MonitoringCalls {
  return {
    listAuditEvents: (query = {}) => send({ method: 'GET', path: '/api2/Monitoring-v1/AuditEvents', query: { ...query } }),
  };
}
