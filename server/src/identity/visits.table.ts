import type { Generated, Selectable } from 'kysely';

/** `visits`: a visitor's visit with its host user, sponsor, time window and pass (admin-console §2.2, issue 13). */
export interface VisitsTable {
  id: Generated<string>;
  tenant_id: string;
  visitor_given_name: string;
  visitor_family_name: string;
  visitor_email: Generated<string>;
  company: Generated<string>;
  purpose: Generated<string>;
  host_user_id: string;
  sponsor_id: string | null;
  starts_at: Date;
  ends_at: Date;
  pass_id: string | null;
  created_by: string | null;
  created_at: Generated<Date>;
}

/** A visit row. */
export type VisitRow = Selectable<VisitsTable>;
