import type { Generated, Selectable } from 'kysely';

/** `temporary_card_configs`: a tenant's temporary card configuration (none: 0 days with unlimited). */
export interface TemporaryCardConfigsTable {
  tenant_id: string;
  default_duration: number;
  unlimited_is_default: boolean;
  updated_at: Generated<Date>;
}

/** A temporary card configuration row. */
export type TemporaryCardConfigRow = Selectable<TemporaryCardConfigsTable>;
