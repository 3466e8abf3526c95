import type { Generated, Insertable, JSONColumnType, Selectable } from 'kysely';

/** `audit_events`: security-relevant actions, written in the transaction of the action. */
export interface AuditEventsTable {
  id: Generated<string>;
  tenant_id: string | null;
  actor_user_id: string | null;
  actor_username: string | null;
  /** The API key that acted (its name is in actor_username); null when a person did. */
  actor_api_key_id: Generated<string | null>;
  action: string;
  target_type: string | null;
  target_id: string | null;
  outcome: 'success' | 'failure';
  ip: string | null;
  detail: JSONColumnType<Record<string, unknown>, string, string>;
  created_at: Generated<Date>;
}

/** An audit event row. */
export type AuditEventRow = Selectable<AuditEventsTable>;
/** A new audit event row. */
export type NewAuditEventRow = Insertable<AuditEventsTable>;
