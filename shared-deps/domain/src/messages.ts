/**
 * Every user-facing text of the platform, keyed by a stable code (CONVENTIONS "User-facing texts live in
 * messages.ts, keyed by the same error codes the API and CLI use"). Each area keeps its own texts in
 * `<area>/messages.ts`; this file only assembles them into `MESSAGES` (codes are unique across areas)
 * and maps the wire's error codes to their default lines.
 */
import type { ErrorCode } from './common/api-types';
import { AUTH_MESSAGES } from './auth/messages';
import { COMMON_MESSAGES } from './common/messages';
import { IDENTITY_MESSAGES } from './identity/messages';
import { SMARTCARD_MESSAGES } from './smartcards/messages';
import { TICKET_MESSAGES } from './tickets/messages';
import { DEVICE_MESSAGES } from './devices/messages';
import { PKI_MESSAGES } from './pki/messages';

export { unexpectedErrorMessage, withReason } from './common/messages';
export { failedToVerifyEmail, loginThrottled, passwordRulesHint } from './auth/messages';
export { usernameCharacterNotAllowed, permissionsNotHeldMessage } from './identity/messages';
export { pinLengthMessage, pinRequirementsDescription } from './smartcards/messages';
export { ticketMessagesFailed } from './tickets/messages';

/** The texts of every area, by code. */
export const MESSAGES = Object.freeze({
  ...COMMON_MESSAGES,
  ...AUTH_MESSAGES,
  ...IDENTITY_MESSAGES,
  ...SMARTCARD_MESSAGES,
  ...TICKET_MESSAGES,
  ...DEVICE_MESSAGES,
  ...PKI_MESSAGES,
} as const);

/**
 * The line shown for each API error code when the answer carries no message of its own (the API client
 * and the CLI). Spec texts where the spec has one; the rest designed.
 */
export const ERROR_MESSAGES: Readonly<Record<ErrorCode, string>> = Object.freeze({
  NOT_LOGGED_IN: 'Not signed in.',
  PAYMENT_REQUIRED: 'A payment method is required.',
  TOO_MANY_REQUESTS: MESSAGES.TOO_MANY_REQUESTS_BODY,
  AUDIT_FAILED: MESSAGES.AUDIT_OFFLINE_BODY,
  VALIDATION: 'The request is not valid.',
  INVALID_CREDENTIALS: MESSAGES.INVALID_CREDENTIALS,
  LOGIN_THROTTLED: 'Too many failed sign-in attempts. Try again later.',
  CSRF: MESSAGES.CSRF,
  FORBIDDEN: 'You do not have permission to do this.',
  NOT_FOUND: 'Not found.',
  CONFLICT: 'This conflicts with an existing record.',
  DIRECTORY_NOT_CONFIGURED: IDENTITY_MESSAGES.DIRECTORY_NOT_CONFIGURED,
  DIRECTORY_FAILED: 'The directory could not be read.',
  BOOTSTRAP_DONE: 'Setup is already done.',
  PAYLOAD_TOO_LARGE: 'The request is too large.',
  NETWORK: 'Could not reach the server.',
  TIMEOUT: 'The server did not answer in time.',
  INTERNAL: 'The server could not complete the request.',
  SERVICE_UNAVAILABLE: 'A service the server needs is unreachable. Try again shortly.',
  MFA_INVALID: 'Failed to validate MFA token',
  PASSKEY_FAILED: 'The passkey could not be verified.',
  RESET_TOKEN_INVALID: 'This password reset link is invalid or has expired.',
  EMAIL_LINK_INVALID: IDENTITY_MESSAGES.EMAIL_LINK_INVALID,
  NO_CMS_CLIENT: MESSAGES.NO_CMS_CLIENT,
  CMS_CLIENT_TIMEOUT: 'The CMS Client did not answer in time.',
  CMS_CLIENT_ERROR: 'The CMS Client could not complete the request.',
  READER_NOT_FOUND: 'The card reader was not found.',
  INCORRECT_PIN: MESSAGES.INCORRECT_PIN,
});

/** The default text of an API error code. */
export function messageForErrorCode(code: ErrorCode): string {
  return ERROR_MESSAGES[code];
}
