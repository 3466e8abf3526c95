import type { ColumnType, Generated, Selectable } from 'kysely';

/** jsonb column: written as JSON text, read as the value. */
type Json<T> = ColumnType<T, string, string>;

/** `smartcard_applets`: the applet catalogue (issue 16): a CAP file and what was parsed from it. */
export interface SmartcardAppletsTable {
  id: Generated<string>;
  tenant_id: string;
  name: string;
  description: string | null;
  file_name: string;
  package_aid: string;
  applet_aids: Json<string[]>;
  version: string;
  size: number;
  sha256: string;
  cap: Buffer;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** An applet row. */
export type SmartcardAppletRow = Selectable<SmartcardAppletsTable>;

/**
 * `smartcard_gp_keys`: a card's GlobalPlatform SCP03 key set (ENC, MAC, DEK), sealed with the server's secret box
 * and bound to the card's key diversification data; never answered or logged. A card without a row has the
 * factory (default) keys.
 */
export interface SmartcardGpKeysTable {
  id: Generated<string>;
  tenant_id: string;
  kdd: string;
  key_version: number;
  sealed_keys: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
