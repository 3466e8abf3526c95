/** Wire shapes of sign-in: sessions, login, MFA, passkeys and FIDO credentials, passwords (signin §3, §4, §7; admin-console §3, §4). */
import type { TenancyInfo, Viewer } from '../identity/identity.types';

/** Session timing, as check-session, refresh-session and login answer it. */
export interface SessionInfo {
  /** Seconds until the session ends (the earlier of idle and absolute expiry). */
  remainingSeconds: number;
  /** ISO time the session ends if not refreshed. */
  expiresAt: string;
  /** ISO time the session ends whatever happens (absolute lifetime). */
  absoluteExpiresAt: string;
}

/** `POST /api2/Authentication-v1/login`. */
export interface LoginRequest {
  username: string;
  password: string;
}

/** Further authentication types a login may require (signin §4). */
export type FurtherAuthenticationType = 'TOTP';

/** MFA enrolment data returned when TOTP is required and no secret is set yet (signin §3). */
export interface MfaEnrolment {
  issuer: string;
  accountName: string;
  secret: string;
  /** data: URL of a PNG QR code of the otpauth:// URI. */
  qr: string;
  recovery_codes: string[];
}

/**
 * Answer of a login whose password was accepted. With `furtherAuthenticationRequired` empty the
 * session is fully signed in and `viewer` is set; otherwise the session is pending until the further
 * authentication (e.g. `TOTPAuth`) succeeds.
 */
export interface LoginResponse {
  furtherAuthenticationRequired: FurtherAuthenticationType[];
  enrolment?: MfaEnrolment;
  viewer?: Viewer;
  session: SessionInfo;
}

/** `GET /api2/Authentication-v1/Disclaimer`. */
export interface DisclaimerResponse {
  disclaimer: string | null;
}

/** `POST /api2/Authentication-v1/AnonymousSession`. */
export interface AnonymousSessionResponse {
  session: SessionInfo;
  tenant: TenancyInfo;
}

/** MFA status of a user (signin §3, admin-console §3). */
export interface MfaStatus {
  /** The user signs in with TOTP (own choice, or the tenant requires it and the secret is confirmed). */
  isEnabled: boolean;
  /** A confirmed TOTP secret exists. */
  isSecretSet: boolean;
  /** The tenant's policy requires MFA of every user. */
  isRequired: boolean;
}

/** `POST /api2/Authentication-v1/TOTPAuth`: a 6-digit code, or a recovery code. */
export interface TotpAuthRequest {
  passcode: string;
}

/** New recovery codes (shown once). */
export interface RecoveryCodesResponse {
  recovery_codes: string[];
}

/** A registered passkey (signin §3 "Passkey": id, custom name). */
export interface Fido2Credential {
  id: string;
  customName: string;
  createdAt: string;
  lastUsedAt: string | null;
  /** The credential is backed up (synced between devices). */
  backedUp: boolean;
  deviceType: 'singleDevice' | 'multiDevice';
}

/** `ListFido2RegisteredCredentials` answer (signin §3 passkeyDetails entry). */
export interface Fido2CredentialList {
  registeredCredentials: Fido2Credential[];
  displayName: string;
  username: string;
}

/** A synced FIDO credential (signin §3: credentialId, markedForDeletion, newCustomName). */
export interface Fido2SyncedCredential {
  credentialId: string;
  customName: string;
  markedForDeletion: boolean;
  userId: string;
  username: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** `POST /self/changePassword` body. */
export interface ChangePasswordRequest {
  currentPassword: string;
  newPassword: string;
}

/** `POST /api2/IDM-v1/ForgotPassword` body. */
export interface ForgotPasswordRequest {
  username: string;
}

/** `POST /api2/IDM-v1/ResetPassword` body. */
export interface ResetPasswordRequest {
  token: string;
  newPassword: string;
}

/** Password rules the console shows and the server enforces (admin-console §3 passwordConfig). */
export interface PasswordConfig {
  minLength: number;
  /** Lowest accepted zxcvbn score (0–4). */
  minScore: number;
}

/** `POST /api2/IDM-v1/ValidateResetToken` answer (admin-console §4 "link validated"). */
export interface ResetTokenStatus {
  valid: true;
  /** The account's username, so the user knows which account the link resets. */
  username: string;
}

/** A WebAuthn options object in its JSON form (WebAuthn L3 `PublicKeyCredential*OptionsJSON`). */
export type WebAuthnOptionsJson = Record<string, unknown>;
/** A WebAuthn response in its JSON form (`RegistrationResponseJSON`, `AuthenticationResponseJSON`). */
export type WebAuthnResponseJson = Record<string, unknown>;

/** `PrepareFido2Authentication`: the binary challenge and how to use it. */
export interface WebAuthnChallenge {
  /** base64url of the challenge bytes. */
  challenge: string;
  /** The relying-party id the server expects (header `X-WebAuthn-RP-ID`), or null for the page's host. */
  rpId: string | null;
  /** When the challenge was fetched (epoch ms, client clock). */
  fetchedAt: number;
}
