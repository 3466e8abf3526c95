import type { Generated, Selectable } from 'kysely';
import type { BatchCardState } from '@tessera/domain';

/** `smartcard_batches`: one per AddBatch (issue 16). */
export interface SmartcardBatchesTable {
  id: Generated<string>;
  tenant_id: string;
  created_by: string | null;
  /** Of the last PrintBatch call. */
  print_only: boolean | null;
  reader: string | null;
  started_at: Date | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** `smartcard_batch_cards`: one per user of a batch, its state persisted as PrintBatch goes. */
export interface SmartcardBatchCardsTable {
  id: Generated<string>;
  batch_id: string;
  tenant_id: string;
  position: number;
  user_id: string;
  user_dn: string;
  card_template_id: string;
  state: Generated<BatchCardState>;
  card_id: string | null;
  card_serial: string | null;
  printed_card_id: string | null;
  error: string | null;
  deactivated_at: Date | null;
  updated_at: Generated<Date>;
}

export type SmartcardBatchRow = Selectable<SmartcardBatchesTable>;
export type SmartcardBatchCardRow = Selectable<SmartcardBatchCardsTable>;
