import type { Generated } from 'kysely';

/** What an e-mailed link is for: a self-registration, or the activation of an account an administrator created. */
export type EmailLinkPurpose = 'register' | 'activate';

/** `email_links`: SHA-256 of each e-mailed registration or activation token; single use, expiring. */
export interface EmailLinksTable {
  id: string;
  purpose: EmailLinkPurpose;
  tenant_id: string;
  email: string;
  user_id: string | null;
  expires_at: Date;
  used_at: Date | null;
  created_at: Generated<Date>;
}
