/** Password calls (admin-console §3, §4; docs/api.md): the rules, a change, and the reset by e-mailed link. */
import type { ChangePasswordRequest, PasswordConfig, ResetTokenStatus } from '@tessera/domain';
import type { HttpSend } from './http';

const IDM = '/api2/IDM-v1';

/** The password calls. */
export interface PasswordsCalls {
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

/** The password calls over `send`. */
export function passwordsCalls(send: HttpSend): PasswordsCalls {
  return {
    passwordConfig: () => send({ method: 'GET', path: `${IDM}/PasswordConfig` }),
    changePassword: (request) => send({ method: 'POST', path: `${IDM}/ChangePassword`, body: request }),
    forgotPassword: (emailAddress) => send({ method: 'POST', path: `${IDM}/ForgotPassword`, body: { emailAddress } }),
    validateResetToken: (token) => send({ method: 'POST', path: `${IDM}/ValidateResetToken`, body: { token } }),
    resetPassword: (token, newPassword) => send({ method: 'POST', path: `${IDM}/ResetPassword`, body: { token, newPassword } }),
  };
}
