/** Monitoring-v1 calls (docs/api.md). */
import type { AuditEvent, Page, PageQuery, RateLimitConfig, RateLimitStatus } from '@tessera/domain';
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
  /** `GET /api2/Monitoring-v1/RateLimitConfig`: the tenant layer and the management layers (issue 14). */
  getRateLimitConfig(): Promise<RateLimitConfig>;
  /** `PUT /api2/Monitoring-v1/RateLimitConfig`: replaces the config whole (rateLimitEdit). */
  putRateLimitConfig(config: RateLimitConfig): Promise<RateLimitConfig>;
  /** `GET /api2/Monitoring-v1/RateLimitStatus`: allowed and refused requests per rule and minute. */
  getRateLimitStatus(): Promise<RateLimitStatus>;
}

/** The Monitoring-v1 calls over `send`. */
export function monitoringCalls(send: HttpSend): MonitoringCalls {
  return {
    listAuditEvents: (query = {}) => send({ method: 'GET', path: '/api2/Monitoring-v1/AuditEvents', query: { ...query } }),
    getRateLimitConfig: () => send({ method: 'GET', path: '/api2/Monitoring-v1/RateLimitConfig' }),
    putRateLimitConfig: (config) => send({ method: 'PUT', path: '/api2/Monitoring-v1/RateLimitConfig', body: config }),
    getRateLimitStatus: () => send({ method: 'GET', path: '/api2/Monitoring-v1/RateLimitStatus' }),
  };
}
