import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** `temporary_passes`: the tenant's stock of temporary passes (admin-console §3 "Temporary pass"). */
export interface TemporaryPassesTable {
  id: Generated<string>;
  tenant_id: string;
  /** Five digits, zero-padded (admin-console §5); unique per tenant. */
  pass_number: string;
  card_type: string;
  status: Generated<string>;
  user_id: string | null;
  given_name: string | null;
  last_name: string | null;
  valid_date: Date | null;
  expiration_date: Date | null;
  reason: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** `temporary_pass_print_requests`: batch print requests (quantity, card type). */
export interface TemporaryPassPrintRequestsTable {
  id: Generated<string>;
  tenant_id: string;
  quantity: number;
  card_type: string;
  pass_numbers: Generated<string[]>;
  requested_by: string | null;
  status: Generated<string>;
  created_at: Generated<Date>;
}

/** `smartcard_requests`: one pending smartcard request per user (POST /api/dps/smartcard-request). */
export interface SmartcardRequestsTable {
  id: Generated<string>;
  tenant_id: string;
  user_id: string;
  status: Generated<string>;
  options: Generated<unknown>;
  requested_by: string | null;
  created_at: Generated<Date>;
}

/** A pass row. */
export type TemporaryPassRow = Selectable<TemporaryPassesTable>;
/** A new pass row. */
export type NewTemporaryPassRow = Insertable<TemporaryPassesTable>;
/** Changes to a pass row. */
export type TemporaryPassUpdate = Updateable<TemporaryPassesTable>;
