import type { ColumnType, Generated, Selectable } from 'kysely';
import type { SmartcardCertificate } from '@tessera/domain';

/** jsonb column with a default: written as JSON text (or left to the default), read as the value. */
type Json<T> = ColumnType<T, string | undefined, string>;

/**
 * `smartcards`: the cards the server has driven (issue 15). The management key and the PUK are sealed with the
 * server's secret box (bound to the card's row id) and never answered or logged; a null management key means
 * the card still has the factory key.
 */
export interface SmartcardsTable {
  id: Generated<string>;
  tenant_id: string;
  serial_number: string;
  atr: string;
  card_type: string;
  status: string;
  user_id: string | null;
  card_template_id: string | null;
  certificates: Json<SmartcardCertificate[]>;
  batch_id: string | null;
  extensions: Json<Record<string, unknown>>;
  sealed_management_key: string | null;
  sealed_puk: string | null;
  failure: string | null;
  /** The status a suspended card goes back to on resume; when and why it was suspended. */
  suspended_from: string | null;
  suspended_at: Date | null;
  suspension_reason: string | null;
  /** The username (or API key id) that suspended it. */
  suspended_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** A smartcard row. */
export type SmartcardRow = Selectable<SmartcardsTable>;
