/** The TOTP state of a user's `user_mfa` row: the one rule sign-in and the MFA service both read. */
import type { UserMfaRow } from './mfa.table';

/** A user's TOTP state: MFA turned on, and a secret stored whose first code was accepted. */
export interface TotpState {
  enabled: boolean;
  confirmed: boolean;
}

/** The TOTP state of a `user_mfa` row (none: off, no secret). */
export function totpStateOf(row: Pick<UserMfaRow, 'enabled' | 'secret_encrypted' | 'secret_confirmed'> | null | undefined): TotpState {
  return { enabled: Boolean(row?.enabled), confirmed: Boolean(row?.secret_encrypted && row.secret_confirmed) };
}
