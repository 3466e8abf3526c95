import type { Generated, Selectable } from 'kysely';

/** `locales`: the four-level place tree of a tenant (admin-console §3: location, sublocation, area, room). */
export interface LocalesTable {
  id: Generated<string>;
  tenant_id: string;
  level: string;
  name: string;
  parent_id: string | null;
  created_at: Generated<Date>;
}

/** A locale row. */
export type LocaleRow = Selectable<LocalesTable>;
