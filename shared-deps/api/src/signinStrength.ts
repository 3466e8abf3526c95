/**
 * Sign-in strength calls (issue 4): TOTP MFA, passkeys (FIDO2), synced FIDO credentials, password
 * change and reset (signin §7, admin-console §2–§4; docs/api.md "Sign-in strength").
 */
import {
  MESSAGES,
  WEBAUTHN_CHALLENGE_CONTENT_TYPE,
  encodeBase64Url,
  type ChangePasswordRequest,
  type Fido2Credential,
  type Fido2CredentialList,
  type Fido2SyncedCredential,
  type LoginResponse,
  type MfaEnrolment,
  type MfaStatus,
  type PasswordConfig,
  type RecoveryCodesResponse,
  type ResetTokenStatus,
  type WebAuthnChallenge,
  type WebAuthnOptionsJson,
  type WebAuthnResponseJson,
} from '@tessera/domain';
import { ApiError, errorFromResponse } from './ApiError';
import type { ApiClientOptions, HttpSend } from './http';

const AUTH = '/api2/Authentication-v1';
const IDM = '/api2/IDM-v1';
const CMS = '/api2/CMS-v2';

/** The sign-in strength calls. */
export interface SigninStrengthCalls {
  /** `POST TOTPAuth {passcode}`: completes a pending sign-in; rejects MFA_INVALID 'Failed to validate MFA token'. */
  totpAuth(passcode: string): Promise<LoginResponse>;
  /** `GET MfaStatus`: the viewer's MFA status. */
  mfaStatus(): Promise<MfaStatus>;
  /** `POST MfaEnrol {password}`: a new secret, QR code and recovery codes (confirmed by `mfaConfirm`). */
  mfaEnrol(password: string): Promise<MfaEnrolment>;
  /** `POST MfaConfirm {passcode}`: confirms the new secret and enables MFA. */
  mfaConfirm(passcode: string): Promise<MfaStatus>;
  /** `POST MfaDisable {password}`. */
  mfaDisable(password: string): Promise<MfaStatus>;
  /** `POST MfaRecoveryCodes {password}`: new recovery codes; the old ones stop working. */
  mfaRecoveryCodes(password: string): Promise<RecoveryCodesResponse>;
  /** `GET /api2/IDM-v1/UserMfaStatus?userId` (userView). */
  userMfaStatus(userId: string): Promise<MfaStatus>;
  /** `POST /api2/IDM-v1/ResetUserMfa {userId}` (userEdit) → 204. */
  resetUserMfa(userId: string): Promise<void>;
  /** `PUT /api2/IDM-v1/TenantMfaPolicy {isRequired}` (tenancyConfig). */
  setTenantMfaPolicy(isRequired: boolean): Promise<{ isRequired: boolean }>;

  /** `POST PrepareFido2Registration {userId}` → creation options JSON. */
  prepareFido2Registration(userId: string): Promise<WebAuthnOptionsJson>;
  /** `POST FinishFido2Registration {credentialCreationResponseJson, customName}`. */
  finishFido2Registration(credentialCreationResponseJson: WebAuthnResponseJson, customName: string): Promise<Fido2Credential>;
  /** `POST ListFido2RegisteredCredentials {userId}`. */
  listFido2RegisteredCredentials(userId: string): Promise<Fido2CredentialList>;
  /** `POST RenameFido2RegisteredCredential {userId, id, newCustomName}`. */
  renameFido2RegisteredCredential(userId: string, id: string, newCustomName: string): Promise<Fido2Credential>;
  /** `POST DeleteFido2RegisteredCredential {userId, id}` → 204. */
  deleteFido2RegisteredCredential(userId: string, id: string): Promise<void>;
  /**
   * `POST PrepareFido2Authentication`: no body, no credentials, Accept `application/x-webauthn-challenge`;
   * the binary answer must carry that content type, else 'unexpected response content type: expected
   * application/x-webauthn-challenge' (signin §7, §8).
   */
  prepareFido2Authentication(): Promise<WebAuthnChallenge>;
  /** `POST FinishFido2Authentication` with the assertion JSON: signs in (sets the session cookie). */
  finishFido2Authentication(assertion: WebAuthnResponseJson): Promise<LoginResponse>;

  /** `POST /api2/CMS-v2/GetFido2SyncedCredential {credentialId}`. */
  getFido2SyncedCredential(credentialId: string): Promise<Fido2SyncedCredential>;
  /** `POST /api2/CMS-v2/MarkFido2SyncedCredentialForDeletion {credentialId, markedForDeletion}`. */
  markFido2SyncedCredentialForDeletion(credentialId: string, markedForDeletion: boolean): Promise<Fido2SyncedCredential>;
  /** `PATCH /api2/CMS-v2/RenameFido2SyncedCredential {credentialId, newCustomName}`. */
  renameFido2SyncedCredential(credentialId: string, newCustomName: string): Promise<Fido2SyncedCredential>;
  /** `DELETE /api2/CMS-v2/Fido2SyncedCredential {credentialId}` → 204. */
  deleteFido2SyncedCredential(credentialId: string): Promise<void>;

  /** `GET /api2/IDM-v1/PasswordConfig`. */
  passwordConfig(): Promise<PasswordConfig>;
  /** `POST /api2/IDM-v1/ChangePassword {currentPassword, newPassword}` (changePassword) → 204; other sessions end. */
  changePassword(request: ChangePasswordRequest): Promise<void>;
  /** `POST /api2/IDM-v1/ForgotPassword {emailAddress}` → 202, whether or not an account exists. */
  forgotPassword(emailAddress: string): Promise<void>;
  /** `POST /api2/IDM-v1/ValidateResetToken {token}`; rejects RESET_TOKEN_INVALID. */
  validateResetToken(token: string): Promise<ResetTokenStatus>;
  /** `POST /api2/IDM-v1/ResetPassword {token, newPassword}` → 204. */
  resetPassword(token: string, newPassword: string): Promise<void>;
}

/**
 * `PrepareFido2Authentication` over a raw fetch: the only call whose answer is binary and that sends
 * no cookies (the challenge is not bound to a session; the server exempts it from the XSRF check).
 */
export function prepareFido2AuthenticationCall({ baseUrl = '', fetch }: Pick<ApiClientOptions, 'baseUrl' | 'fetch'>, now: () => number = Date.now) {
  return async function prepareFido2Authentication(): Promise<WebAuthnChallenge> {
    const url = `${baseUrl.replace(/\/+$/, '')}${AUTH}/PrepareFido2Authentication`;
    let response: Response;
    try {
      response = await fetch(url, { method: 'POST', credentials: 'omit', headers: { Accept: WEBAUTHN_CHALLENGE_CONTENT_TYPE } });
    } catch (cause) {
      throw new ApiError('NETWORK', `Could not reach the server at ${url}: ${cause instanceof Error ? cause.message : String(cause)}`, { status: 0, cause });
    }
    if (!response.ok) throw errorFromResponse(response.status, await response.text(), response.headers.get('retry-after'));
    const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
    if (type !== WEBAUTHN_CHALLENGE_CONTENT_TYPE) throw new Error(MESSAGES.WEBAUTHN_CONTENT_TYPE);
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.length < 16) throw new Error(MESSAGES.WEBAUTHN_CONTENT_TYPE);
    return { challenge: encodeBase64Url(bytes), rpId: response.headers.get('x-webauthn-rp-id'), fetchedAt: now() };
  };
}

/** The sign-in strength calls over `send` (and the raw fetch for the binary challenge). */
export function signinStrengthCalls(send: HttpSend, options: Pick<ApiClientOptions, 'baseUrl' | 'fetch'>): SigninStrengthCalls {
  return {
    totpAuth: (passcode) => send({ method: 'POST', path: `${AUTH}/TOTPAuth`, body: { passcode } }),
    mfaStatus: () => send({ method: 'GET', path: `${AUTH}/MfaStatus` }),
    mfaEnrol: (password) => send({ method: 'POST', path: `${AUTH}/MfaEnrol`, body: { password } }),
    mfaConfirm: (passcode) => send({ method: 'POST', path: `${AUTH}/MfaConfirm`, body: { passcode } }),
    mfaDisable: (password) => send({ method: 'POST', path: `${AUTH}/MfaDisable`, body: { password } }),
    mfaRecoveryCodes: (password) => send({ method: 'POST', path: `${AUTH}/MfaRecoveryCodes`, body: { password } }),
    userMfaStatus: (userId) => send({ method: 'GET', path: `${IDM}/UserMfaStatus`, query: { userId } }),
    resetUserMfa: (userId) => send({ method: 'POST', path: `${IDM}/ResetUserMfa`, body: { userId } }),
    setTenantMfaPolicy: (isRequired) => send({ method: 'PUT', path: `${IDM}/TenantMfaPolicy`, body: { isRequired } }),

    prepareFido2Registration: (userId) => send({ method: 'POST', path: `${AUTH}/PrepareFido2Registration`, body: { userId } }),
    finishFido2Registration: (credentialCreationResponseJson, customName) =>
      send({ method: 'POST', path: `${AUTH}/FinishFido2Registration`, body: { credentialCreationResponseJson, customName } }),
    listFido2RegisteredCredentials: (userId) => send({ method: 'POST', path: `${AUTH}/ListFido2RegisteredCredentials`, body: { userId } }),
    renameFido2RegisteredCredential: (userId, id, newCustomName) =>
      send({ method: 'POST', path: `${AUTH}/RenameFido2RegisteredCredential`, body: { userId, id, newCustomName } }),
    deleteFido2RegisteredCredential: (userId, id) => send({ method: 'POST', path: `${AUTH}/DeleteFido2RegisteredCredential`, body: { userId, id } }),
    prepareFido2Authentication: prepareFido2AuthenticationCall(options),
    finishFido2Authentication: (assertion) => send({ method: 'POST', path: `${AUTH}/FinishFido2Authentication`, body: assertion }),

    getFido2SyncedCredential: (credentialId) => send({ method: 'POST', path: `${CMS}/GetFido2SyncedCredential`, body: { credentialId } }),
    markFido2SyncedCredentialForDeletion: (credentialId, markedForDeletion) =>
      send({ method: 'POST', path: `${CMS}/MarkFido2SyncedCredentialForDeletion`, body: { credentialId, markedForDeletion } }),
    renameFido2SyncedCredential: (credentialId, newCustomName) =>
      send({ method: 'PATCH', path: `${CMS}/RenameFido2SyncedCredential`, body: { credentialId, newCustomName } }),
    deleteFido2SyncedCredential: (credentialId) => send({ method: 'DELETE', path: `${CMS}/Fido2SyncedCredential`, body: { credentialId } }),

    passwordConfig: () => send({ method: 'GET', path: `${IDM}/PasswordConfig` }),
    changePassword: (request) => send({ method: 'POST', path: `${IDM}/ChangePassword`, body: request }),
    forgotPassword: (emailAddress) => send({ method: 'POST', path: `${IDM}/ForgotPassword`, body: { emailAddress } }),
    validateResetToken: (token) => send({ method: 'POST', path: `${IDM}/ValidateResetToken`, body: { token } }),
    resetPassword: (token, newPassword) => send({ method: 'POST', path: `${IDM}/ResetPassword`, body: { token, newPassword } }),
  };
}
