/**
 * Request and response shapes shared by the server, the typed client (`@tessera/api`), the apps and
 * the CLI. The server's TypeBox schemas must accept and produce exactly these shapes.
 *
 * Conventions of the wire format (ARCHITECTURE.md "Contracts"):
 * - bodies are JSON; the global answers are plain text: 401 `not_logged_in`, 429 `Too Many Requests`,
 *   503 `Audit failed`; 402 means a payment method is needed.
 * - every other error is JSON {@link ApiErrorBody}: a stable `code`, a human `message`, and for 400 the
 *   `field` (dotted path, e.g. `username` or `roles.0`) that was wrong.
 */

/** The plain-text bodies of the global answers (signin §7, admin-console §8). */
export const GLOBAL_BODIES = {
  notLoggedIn: 'not_logged_in',
  tooManyRequests: 'Too Many Requests',
  auditFailed: 'Audit failed',
} as const;

/** Stable error codes carried by JSON error bodies and by `ApiError.code` in the client. */
export type ErrorCode =
  | 'NOT_LOGGED_IN'
  | 'PAYMENT_REQUIRED'
  | 'TOO_MANY_REQUESTS'
  | 'AUDIT_FAILED'
  | 'VALIDATION'
  | 'INVALID_CREDENTIALS'
  | 'LOGIN_THROTTLED'
  | 'CSRF'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'BOOTSTRAP_DONE'
  | 'PAYLOAD_TOO_LARGE'
  | 'NETWORK'
  | 'TIMEOUT'
  | 'INTERNAL'
  | 'MFA_INVALID'
  | 'PASSKEY_FAILED'
  | 'RESET_TOKEN_INVALID'
  | 'NO_CMS_CLIENT'
  | 'CMS_CLIENT_TIMEOUT'
  | 'CMS_CLIENT_ERROR'
  | 'READER_NOT_FOUND'
  | 'INCORRECT_PIN';

/** JSON body of every error answer other than the three plain-text global ones. */
export interface ApiErrorBody {
  code: ErrorCode;
  message: string;
  /** For VALIDATION: the request field that was wrong, as a dotted path. */
  field?: string;
  /** For LOGIN_THROTTLED: seconds until another attempt is accepted. */
  retryAfterSeconds?: number;
}

/** The permission object of the viewer (signin §3). Missing lists default to empty, isManager to false. */
export interface PermissionObject {
  View: string[];
  Menu: string[];
  activeMenu: string[];
  api: string[];
  roles: string[];
  isManager: boolean;
}

/** Tenancy settings the console needs before and after sign-in (signin §3, §9). */
export interface TenancyInfo {
  id: string;
  name: string;
  /** CSS colour of the tenancy banner; null: no banner. */
  bannerColour: string | null;
  /** Toast display time in ms; null: the default 3000 ms. */
  toastrTimeout: number | null;
  /** Address shown on the Unexpected Error screen. */
  supportEmail: string;
}

/** The signed-in user, as `GET /api/login` answers it (signin §3 "Viewer"). */
export interface Viewer {
  id: string;
  username: string;
  names: { givenName: string; familyName: string; displayName: string };
  emailAddress: string;
  telephoneNumber: string | null;
  organisation: string | null;
  /** Role names held. */
  roles: string[];
  /** Role ids and names held (for the identity area). */
  allRoles: { id: string; name: string }[];
  allOrgs: string[];
  allSponsors: string[];
  permission: PermissionObject;
  tenant: TenancyInfo;
}

/** Session timing, as check-session, refresh-session and login answer it. */
export interface SessionInfo {
  /** Seconds until the session ends (the earlier of idle and absolute expiry). */
  remainingSeconds: number;
  /** ISO time the session ends if not refreshed. */
  expiresAt: string;
  /** ISO time the session ends whatever happens (absolute lifetime). */
  absoluteExpiresAt: string;
}

/** `GET /api2/IDM-v1/BootstrapStatus`. */
export interface BootstrapStatus {
  bootstrapMode: boolean;
}

/** `POST /api2/IDM-v1/Bootstrap` (ARCHITECTURE.md "First run"). */
export interface BootstrapRequest {
  tenantName: string;
  username: string;
  password: string;
  emailAddress: string;
}
export interface BootstrapResponse {
  tenantId: string;
  userId: string;
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

/** `GET /api2/IDM-v1/Version` (for /about). */
export interface VersionResponse {
  product: string;
  version: string;
}

/** `GET /api2/IDM-v1/News` (for /home; admin-console §9: version default '5'). */
export interface NewsResponse {
  version: string;
  items: { id: string; title: string; body: string; publishedAt: string }[];
}

/** A page of results: every list pages, sorts and searches on the server. */
export interface Page<T> {
  totalResults: number;
  results: T[];
}

/** Query of a paged list. `take` defaults to 10 (RESULTS_PER_PAGE). */
export interface PageQuery {
  skip?: number;
  take?: number;
  search?: string;
  sortField?: string;
  sortDirection?: 'asc' | 'desc';
}

/** A user as the identity API returns it. Never carries a password hash. */
export interface UserSummary {
  id: string;
  username: string;
  givenName: string;
  familyName: string;
  emailAddress: string;
  enabled: boolean;
  roleIds: string[];
  createdAt: string;
  updatedAt: string;
}

/** `POST /api2/IDM-v1/User`. */
export interface CreateUserRequest {
  username: string;
  password: string;
  givenName: string;
  familyName: string;
  emailAddress: string;
  roleIds: string[];
}

/** `PUT /api2/IDM-v1/User`. Fields left out are not changed. */
export interface UpdateUserRequest {
  id: string;
  givenName?: string;
  familyName?: string;
  emailAddress?: string;
  enabled?: boolean;
  roleIds?: string[];
}

/** A role: a permission list and a blacklist (admin-console §6). Effective = permissions − blacklist. */
export interface Role {
  id: string;
  name: string;
  permissions: string[];
  blacklist: string[];
  isManager: boolean;
  createdAt: string;
  updatedAt: string;
}

/** `POST /api2/IDM-v1/Role`. */
export interface CreateRoleRequest {
  name: string;
  permissions: string[];
  blacklist: string[];
  isManager?: boolean;
}

/** `PUT /api2/IDM-v1/Role`. */
export interface UpdateRoleRequest {
  id: string;
  name?: string;
  permissions?: string[];
  blacklist?: string[];
  isManager?: boolean;
}

/** An audit event (`GET /api2/Monitoring-v1/AuditEvents`). */
export interface AuditEvent {
  id: string;
  tenantId: string | null;
  actorUserId: string | null;
  actorUsername: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  outcome: 'success' | 'failure';
  ip: string | null;
  detail: Record<string, unknown>;
  createdAt: string;
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

/** Server paths of the CMS calls by client protocol (signin §5, §7): CMS-v1 or CMS-v2. */
export type CmsVersion = 'CMS-v1' | 'CMS-v2';

/** A card reader as the server relays it from the local security client (signin §3 "Smartcard reader"). */
export interface CardReader {
  name: string;
  cardPresent: boolean;
  smartcard: { serialNumber: string; atr: string; cardType: string } | null;
  printer: { name: string; isCardPrinter: boolean } | null;
  status: string;
  processing: boolean;
}

/** Local client gRPC config (signin §3): where the agent dials the server. */
export interface CmsClientGrpcConfig {
  AgentAddress: string;
  AgentPort: number;
  /** Present and true when the hub requires TLS (a Tessera extension of the spec's config). */
  AgentTls?: boolean;
}

/** Card PIN requirements from the server (signin §3, §5). */
export interface CardPinRequirements {
  minLength: number;
  maxLength: number;
  digitsOnly: boolean;
  description: string;
}

/** A tenant's card PIN policy as an administrator sets it (`PUT /api2/CMS-v2/PinRequirementsConfig`). */
export interface UpdatePinRequirementsConfigRequest {
  /** 4 to 16, not above maxLength. */
  minLength: number;
  /** 4 to 16. */
  maxLength: number;
  digitsOnly: boolean;
  /** Text shown instead of the generated description (signin §3 pinRequirementDescriptionOverride); null or absent: generated. */
  description?: string | null;
}

/** A tenant's card PIN policy (`GET /api2/CMS-v2/PinRequirementsConfig`). */
export interface PinRequirementsConfig {
  minLength: number;
  maxLength: number;
  digitsOnly: boolean;
  /** The override text, or null (the generated description applies). */
  description: string | null;
  /** The text users see: the override, else the generated one ('PIN must be between 6-8 numbers'). */
  effectiveDescription: string;
  /** True when the tenant has set nothing (the default 6–8 digits). */
  isDefault: boolean;
}
