/**
 * MFA calls (signin §4, §7; admin-console §3; docs/api.md): TOTP sign-in, the viewer's enrolment, an
 * administrator's view and reset of a user's MFA, and the tenant's MFA policy.
 */
import type { LoginResponse, MfaEnrolment, MfaStatus, RecoveryCodesResponse } from '@tessera/domain';
import type { HttpSend } from './http';

const AUTH = '/api2/Authentication-v1';
const IDM = '/api2/IDM-v1';

/** The MFA calls. */
export interface MfaCalls {
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
}

/** The MFA calls over `send`. */
export function mfaCalls(send: HttpSend): MfaCalls {
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
  };
}
