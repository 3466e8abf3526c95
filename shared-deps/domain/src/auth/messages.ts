/**
 * Texts of sign-in: login failures, throttling, passkeys and FIDO credentials, passwords and MFA (signin §8, admin-console §4).
 * Quoted texts are the spec's, character for character; the others are marked "designed".
 */

/** Failure of e-mail verification (signin §8). */
export function failedToVerifyEmail(detail: string): string {
  return `Failed to verify email: ${detail}`;
}

/** Sign-in throttled (docs/api.md `LOGIN_THROTTLED`). */
export function loginThrottled(retryAfterSeconds: number): string {
  return `Too many failed sign-in attempts. Try again in ${retryAfterSeconds} seconds.`;
}

/** The password rules shown under a new-password field (designed; the server also refuses breached and weak ones). */
export function passwordRulesHint(minLength: number): string {
  return `At least ${minLength} characters; not a common or breached password; hard to guess.`;
}

/** The auth texts, by code (merged into `MESSAGES`). */
export const AUTH_MESSAGES = Object.freeze({
  // signin §8 login failure texts
  INVALID_CREDENTIALS: 'Check Username and Password',
  MFA_TOKEN_INVALID: 'Failed to validate MFA token',
  UNKNOWN_FURTHER_AUTHENTICATION: 'Unknown Further Authentication Type',

  // signin §5, §8 low-level texts
  UNRECOGNIZED_ALGORITHM: 'Unrecognized algorithm',
  WEBAUTHN_CONTENT_TYPE: 'unexpected response content type: expected application/x-webauthn-challenge',

  // signin §8 error toasts
  SESSION_COOKIE_UNAVAILABLE: 'Unable to retrieve session cookie',

  // signin §8 e-mail verification
  failedToVerifyEmail,

  // docs/api.md
  loginThrottled,

  // signin §8 FIDO and passkey toasts (designed wording where the spec only names the event)
  PASSKEY_CREATED: 'Passkey created',
  PASSKEY_RENAMED: 'Passkey renamed',
  PASSKEY_DELETED: 'Passkey deleted',
  PASSKEY_CREATE_FAILED: 'Could not create passkey',
  PASSKEY_LIST_FAILED: 'Could not load passkeys',
  PASSKEY_RENAME_FAILED: 'Could not rename passkey',
  PASSKEY_DELETE_FAILED: 'Could not delete passkey',
  PASSKEY_SIGNIN_FAILED: 'Passkey sign-in failed',
  FIDO_LOAD_FAILED: 'Failed to load FIDO credential',
  FIDO_DELETED: 'FIDO credential deleted',
  FIDO_RENAMED: 'FIDO credential renamed',
  FIDO_MARKED_FOR_DELETION: 'FIDO credential marked for deletion',
  FIDO_DELETE_FAILED: 'Failed to delete FIDO credential',
  FIDO_RENAME_FAILED: 'Failed to rename FIDO credential',
  FIDO_MARK_FAILED: 'Failed to mark FIDO credential for deletion',

  // signin §8 reset link, admin-console §4 password reset (designed wording except the quoted toasts)
  RESET_LINK_SENT: 'Reset link sent',
  RESET_LINK_FAILED: 'Failed to send reset link',
  RESET_REQUEST_SENT: 'If an account with that e-mail address exists, a reset link has been sent to it.',
  RESET_LINK_INVALID: 'This password reset link is invalid or has expired.',
  RESET_SUCCESS: 'Your password has been reset. You can now sign in.',
  PASSWORD_CHANGED: 'Password changed',
  PASSWORD_TOO_WEAK: 'The new password is too weak.',
  PASSWORD_BREACHED: 'This password appears in a list of breached or common passwords.',
  PASSWORD_CURRENT_WRONG: 'The current password is not correct.',
  PASSWORD_MISMATCH: 'The passwords do not match.',

  // MFA (designed)
  MFA_ENABLED: 'Two-factor authentication enabled',
  MFA_DISABLED: 'Two-factor authentication disabled',
  MFA_RESET: 'Two-factor authentication reset',
  MFA_REQUIRED_BY_TENANT: 'Your organisation requires two-factor authentication.',
  MFA_POLICY_SAVED: 'Two-factor authentication policy saved',
} as const);
