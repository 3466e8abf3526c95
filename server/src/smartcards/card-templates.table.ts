import type { ColumnType, Generated, Selectable } from 'kysely';

/** jsonb column: written as JSON text, read as the value. */
type Json<T> = ColumnType<T, string, string>;

/** One slot as stored: the certificate template by id (its name is looked up on read, so a rename follows). */
export interface StoredCardTemplateSlot {
  slot: string;
  certificateTemplateId: string;
  keyType: string;
}

/** The PIN rules as stored (null column: the tenant's PIN policy applies). */
export interface StoredCardTemplatePin {
  minLength: number;
  maxLength: number;
  digitsOnly: boolean;
  pinRetries: number;
  pukRetries: number;
}

/** `card_templates`: what a card issued with the template holds, per PIV slot, and its PIN rules (issue 15). */
export interface CardTemplatesTable {
  id: Generated<string>;
  tenant_id: string;
  name: string;
  slots: Json<StoredCardTemplateSlot[]>;
  pin: Json<StoredCardTemplatePin | null>;
  /** The card layout (issue 16; domain `CardLayout`), or null: a blank card. */
  layout: ColumnType<unknown, string | undefined, string>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** A card template row. */
export type CardTemplateRow = Selectable<CardTemplatesTable>;
