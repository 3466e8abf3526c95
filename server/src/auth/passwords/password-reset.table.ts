import type { Generated } from 'kysely';

/** `password_reset_tokens`: SHA-256 of each e-mailed reset token; single use, expiring. */
export interface PasswordResetTokensTable {
  id: string;
  tenant_id: string;
  user_id: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: Generated<Date>;
}
