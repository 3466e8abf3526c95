import type { Generated, Selectable } from 'kysely';

/** `pin_requirements`: the card PIN rule of a tenant (none: the default 6–8 digits). */
export interface PinRequirementsTable {
  tenant_id: string;
  min_length: number;
  max_length: number;
  digits_only: Generated<boolean>;
  /** Overrides the generated description (signin §3 pinRequirementDescriptionOverride). */
  description: string | null;
  updated_at: Generated<Date>;
}

/** A PIN requirements row. */
export type PinRequirementsRow = Selectable<PinRequirementsTable>;
