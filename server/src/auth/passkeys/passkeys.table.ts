import type { ColumnType, Generated, Selectable } from 'kysely';

/** `webauthn_credentials`: passkeys, bound to a tenant and a user. */
export interface WebauthnCredentialsTable {
  id: Generated<string>;
  tenant_id: string;
  user_id: string;
  /** base64url credential id. */
  credential_id: string;
  /** base64url COSE public key. */
  public_key: string;
  /** Signature counter (bigint comes back as a string). */
  counter: ColumnType<string, string | number, string | number>;
  transports: Generated<string[]>;
  /** 'singleDevice' or 'multiDevice' (backup eligibility, WebAuthn §6.1.3 BE flag). */
  device_type: string;
  /** Backup state (BS flag): the credential is synced; such passkeys are the "synced FIDO credentials". */
  backed_up: Generated<boolean>;
  rp_id: string;
  custom_name: string;
  marked_for_deletion: Generated<boolean>;
  created_at: Generated<Date>;
  last_used_at: Date | null;
}

/** `webauthn_challenges`: single-use, expiring ceremony challenges (SHA-256 of the challenge). */
export interface WebauthnChallengesTable {
  id: string;
  kind: 'registration' | 'authentication';
  tenant_id: string | null;
  user_id: string | null;
  expires_at: Date;
}

/** A credential row. */
export type WebauthnCredentialRow = Selectable<WebauthnCredentialsTable>;
