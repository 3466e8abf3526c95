import type { Generated, Selectable } from 'kysely';
import type { StockState } from '@tessera/domain';

/**
 * `smartcard_stock`: one row per serial a tenant received (issue 15 "Beyond the spec: card stock"), its state and its
 * last move. The history of every move is the audit (`smartcard.stock.*`, target `smartcard-stock` and the row id).
 */
export interface SmartcardStockTable {
  id: Generated<string>;
  tenant_id: string;
  /** Normalised (upper case). */
  serial: string;
  card_type: string;
  batch: string | null;
  state: StockState;
  received_at: Generated<Date>;
  /** Username (or API key name) that received it. */
  received_by: string;
  moved_at: Generated<Date>;
  moved_by: string;
  /** The card record it was issued as. */
  card_id: string | null;
  /** Why it was destroyed. */
  reason: string | null;
}

/** `smartcard_stock_thresholds`: the low-stock threshold of a card type (none: the default). */
export interface SmartcardStockThresholdsTable {
  tenant_id: string;
  card_type: string;
  threshold: number;
  updated_at: Generated<Date>;
}

/** `smartcard_stock_settings`: the tenant's stock settings (none: cards not in stock are allowed). */
export interface SmartcardStockSettingsTable {
  tenant_id: string;
  require_stock: Generated<boolean>;
  updated_at: Generated<Date>;
}

/** A stock row. */
export type SmartcardStockRow = Selectable<SmartcardStockTable>;
