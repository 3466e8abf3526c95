import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** `sponsors`: users of a tenant who may sponsor (approve) other users or visitors; one row per user. */
export interface SponsorsTable {
  id: Generated<string>;
  tenant_id: string;
  user_id: string;
  active: Generated<boolean>;
  notes: Generated<string>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** A sponsor row. */
export type SponsorRow = Selectable<SponsorsTable>;
/** A new sponsor row. */
export type NewSponsorRow = Insertable<SponsorsTable>;
/** Changes to a sponsor row. */
export type SponsorUpdate = Updateable<SponsorsTable>;
