import type { ColumnType, Generated, Selectable } from 'kysely';

/** `user_mfa`: a user's TOTP state. The secret is stored only encrypted (AES-256-GCM). */
export interface UserMfaTable {
  user_id: string;
  tenant_id: string;
  enabled: Generated<boolean>;
  secret_encrypted: string | null;
  /** A first code was accepted with this secret (enrolment done). */
  secret_confirmed: Generated<boolean>;
  /** TOTP step of the last accepted code (bigint comes back as a string). */
  last_used_step: ColumnType<string | null, string | number | null, string | number | null>;
  updated_at: Generated<Date>;
}

/** `mfa_recovery_codes`: HMAC of each single-use recovery code. */
export interface MfaRecoveryCodesTable {
  id: Generated<string>;
  user_id: string;
  tenant_id: string;
  code_hash: string;
  used_at: Date | null;
}

/** A user_mfa row. */
export type UserMfaRow = Selectable<UserMfaTable>;
