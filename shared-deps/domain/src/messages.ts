/**
 * Every user-facing text of the platform, keyed by a stable code (CONVENTIONS "User-facing texts live in
 * messages.ts, keyed by the same error codes the API and CLI use"). Quoted texts are the spec's,
 * character for character; the few the spec describes without quoting are marked "designed".
 */
import type { ErrorCode } from './api-types';
import { MAX_FILE_SIZE_BYTES, PIN_DESCRIPTION_MAX_LENGTH, PIN_POLICY_MAX_LENGTH, PIN_POLICY_MIN_LENGTH, PRODUCT_NAME, TICKET_MESSAGE_MAX_LENGTH } from './constants';

/** Unexpected Error screen message with the tenancy support address (signin §2). */
export function unexpectedErrorMessage(email: string): string {
  return `An unexpected error occurred, please download the error file and send to: ${email}`;
}

/** A disallowed username character (admin-console §5). */
export function usernameCharacterNotAllowed(character: string): string {
  return `The character '${character}' is not allowed in usernames.`;
}

/** Failure of adding, updating or deleting ticket messages (admin-console §8). */
export function ticketMessagesFailed(action: string): string {
  return `${action} ticket messages failed`;
}

/** Failure of e-mail verification (signin §8). */
export function failedToVerifyEmail(detail: string): string {
  return `Failed to verify email: ${detail}`;
}

/** Sign-in throttled (docs/api.md `LOGIN_THROTTLED`). */
export function loginThrottled(retryAfterSeconds: number): string {
  return `Too many failed sign-in attempts. Try again in ${retryAfterSeconds} seconds.`;
}

/** PIN length message for given bounds (signin §5; the default bounds give 'PIN must be between 6-8 numbers'). */
export function pinLengthMessage(min: number, max: number): string {
  return `PIN must be between ${min}-${max} numbers`;
}

/**
 * The generated description of card PIN requirements, shown when the tenant sets no override (signin §3
 * pinRequirements). Digits only gives the spec's 'PIN must be between 6-8 numbers' form; otherwise
 * 'PIN must be between 4-6 characters' (designed).
 */
export function pinRequirementsDescription(requirements: { minLength: number; maxLength: number; digitsOnly: boolean }): string {
  const { minLength, maxLength, digitsOnly } = requirements;
  return digitsOnly ? pinLengthMessage(minLength, maxLength) : `PIN must be between ${minLength}-${maxLength} characters`;
}

/** The password rules shown under a new-password field (designed; the server also refuses breached and weak ones). */
export function passwordRulesHint(minLength: number): string {
  return `At least ${minLength} characters; not a common or breached password; hard to guess.`;
}

/** The texts, by code. */
export const MESSAGES = Object.freeze({
  // signin §8 login failure texts
  INVALID_CREDENTIALS: 'Check Username and Password',
  MFA_TOKEN_INVALID: 'Failed to validate MFA token',
  UNKNOWN_FURTHER_AUTHENTICATION: 'Unknown Further Authentication Type',

  // signin §2, admin-console §2: pages and error screens
  PAGE_NOT_FOUND: 'Sorry, the page you requested was not found.',
  NO_ROUTE_MATCHES: 'No route matches URL',
  UNEXPECTED_ERROR_TITLE: 'Unexpected Error',
  unexpectedErrorMessage,
  SHOW_DETAILS: 'Show Details',
  DOWNLOAD_ERROR_FILE: 'Download Error File',
  RELOAD_PAGE: 'Reload Page',
  /** designed: signin §2 "an error saying the chunks failed to load". */
  CHUNKS_FAILED: 'The application chunks failed to load.',
  /** designed: signin §2 "asks for a current Chrome, Firefox, Safari or Edge". */
  OUTDATED_BROWSER: 'Your browser is out of date. Please use a current version of Chrome, Firefox, Safari or Edge.',
  /** designed: admin-console §9 "The default welcome news text". */
  WELCOME_NEWS: `Welcome to ${PRODUCT_NAME}.`,
  /** designed: router error titles for 400, 403, 404, 405 (signin §2). */
  ROUTER_ERROR_400: 'Bad Request',
  ROUTER_ERROR_403: 'Forbidden',
  ROUTER_ERROR_404: 'Not Found',
  ROUTER_ERROR_405: 'Method Not Allowed',
  /** designed: the /denied page. */
  ACCESS_DENIED: 'You do not have permission to view this page.',

  // signin §8, admin-console §8 global answers
  TOO_MANY_REQUESTS_TITLE: 'Too Many Requests',
  TOO_MANY_REQUESTS_BODY: "You're making too many requests too quickly! Please slow down.",
  AUDIT_OFFLINE_TITLE: 'Audit Offline',
  /** designed wording of "the product cannot operate without Audit functionality". */
  AUDIT_OFFLINE_BODY: `${PRODUCT_NAME} cannot operate without Audit functionality.`,

  // admin-console §5 username
  USERNAME_REQUIRED: 'No Username entered.',
  USERNAME_INVALID_CHARACTER: 'The username contains an invalid character.',
  usernameCharacterNotAllowed,
  USERNAME_INVALID: 'Invalid username.',

  // admin-console §5 image upload, month, ticket
  IMAGE_REQUIRED: 'Please upload an image.',
  IMAGE_FORMAT_NOT_SUPPORTED: 'Image format not supported.',
  IMAGE_CORRUPT: 'Image file is corrupt.',
  INVALID_DATE: 'Invalid Date',
  /** designed: admin-console §5 "Ticket message: maximum length 10000 characters". */
  TICKET_MESSAGE_TOO_LONG: `The ticket message must be at most ${TICKET_MESSAGE_MAX_LENGTH} characters.`,
  TICKET_NO_CHANGES: 'No changes were made to the support ticket.',
  ticketMessagesFailed,
  /** designed: admin-console §5 text, integer and subnet rules. */
  TEXT_INVALID_CHARACTER: 'The text contains an invalid character.',
  INTEGER_INVALID: 'Please enter a whole number.',
  VALUE_REQUIRED: 'Please enter a value.',
  SUBNET_INVALID: 'Please enter a subnet as a.b.c.d/n with the host bits zero.',

  // signin §5, §8 low-level texts
  PIN_LENGTH: pinLengthMessage(6, 8),
  pinRequirementsDescription,
  BASE64URL_EXPECTED: 'Expected a URL-safe Base64-encoded string',
  BASE64_INVALID: 'invalid Base64 data',
  HEX_INVALID: 'invalid hex string',
  EXPIRED_COOKIE: 'expired cookie',
  UNRECOGNIZED_ALGORITHM: 'Unrecognized algorithm',
  WEBAUTHN_CONTENT_TYPE: 'unexpected response content type: expected application/x-webauthn-challenge',
  /** designed: signin §5 "Maximum file size is 10 MB". */
  FILE_TOO_LARGE: `The file is larger than ${MAX_FILE_SIZE_BYTES / (1024 * 1024)} MB.`,
  /** designed: no certificate found in the text (signin §5). */
  CERTIFICATE_NOT_FOUND: 'No certificate or CSR was found in the text.',

  // signin §8 error toasts
  NO_CMS_CLIENT: 'No CMS Client connected',
  CMS_CLIENT_UNREACHABLE: 'Unable to connect to local CMS Client',
  CMS_CLIENT_HINT: 'Ensure that your security client is running.',
  SESSION_COOKIE_UNAVAILABLE: 'Unable to retrieve session cookie',
  UNEXPECTED_ERROR_TOAST: 'An unexpected error occurred',
  INCORRECT_PIN: 'Incorrect PIN.',
  INCORRECT_PIN_PROVIDED: 'Incorrect PIN provided.',
  PIN_VALIDATION_FAILED: 'Error validating Card PIN',
  // signin §8 success toasts
  PIN_VALIDATED: 'PIN validated successfully',
  failedToVerifyEmail,

  // admin-console §8 temporary passes and smartcard requests (issue 6)
  SMARTCARD_REQUEST_SUCCESS: 'Successfully processed smartcard request',
  SMARTCARD_REQUEST_FAILED: 'An error occurred while sending smartcard request',
  GALLAGHER_CARD_STATUS_UPDATED: 'Successfully updated card status',
  GALLAGHER_CARD_STATUS_FAILED: 'Unable to update card status',
  PASS_CARD_STATUS_UPDATED: 'Card status updated',
  PASS_CARD_STATUS_FAILED: 'An error occurred while updating card status',
  PASSES_FETCH_FAILED: 'An error occurred while retrieving temporary smartcards',
  PASS_ISSUED: 'Temporary pass issued',
  PASS_ISSUE_FAILED: 'Failed to issue temporary pass',
  GUEST_PASS_ISSUED: 'Temporary guest pass issued',
  GUEST_PASS_ISSUE_FAILED: 'Failed to issue temporary guest pass',
  PASS_PRINT_REQUESTED: 'Successfully sent request to print temporary smartcards',
  PASS_PRINT_FAILED: 'An error occurred while sending request to print temporary smartcards',
  SMARTCARD_EXPIRY_UPDATE_FAILED: 'An error occurred while sending request to update smartcard expiry',
  /** designed: a pass number that is not 1–5 digits (admin-console §5 pads digits only). */
  PASS_NUMBER_INVALID: 'The pass number must be 1 to 5 digits.',

  // admin-console §8 tickets (issue 6)
  TICKET_UNASSIGNED: 'Ticket unassigned successfully.',
  TICKET_ASSIGNED: 'Ticket assigned successfully.',
  TICKET_ASSIGN_FAILED: 'Failed to assign ticket',
  TICKETS_CLOSED: 'Selected tickets have been closed.',
  TICKETS_CLOSE_FAILED: 'Failed to close tickets.',
  TICKET_SUBMIT_FAILED: 'An error occurred during ticket submission',
  /** designed: success texts the spec does not quote. */
  TICKET_CREATED: 'The support ticket was created.',
  TICKET_UPDATED: 'The support ticket was updated.',
  /** designed: a new message notification (the bus). */
  TICKET_NEW_MESSAGE_TITLE: 'New ticket message',

  // PIN policy of the tenant (issue 5; designed texts: the spec names only the requirements and their override)
  PIN_POLICY_LENGTH_RANGE: `Enter a whole number from ${PIN_POLICY_MIN_LENGTH} to ${PIN_POLICY_MAX_LENGTH}.`,
  PIN_POLICY_MIN_ABOVE_MAX: 'The minimum length must not be greater than the maximum length.',
  PIN_POLICY_DESCRIPTION_INVALID: `The description must be at most ${PIN_DESCRIPTION_MAX_LENGTH} characters, without control characters.`,
  PIN_POLICY_LOAD_FAILED: 'Could not load the PIN policy',
  PIN_POLICY_SAVED: 'PIN policy saved',
  PIN_POLICY_SAVE_FAILED: 'Could not save the PIN policy',
  PIN_POLICY_RESET: 'PIN policy reset to the default',
  PIN_POLICY_RESET_FAILED: 'Could not reset the PIN policy',

  // docs/api.md
  loginThrottled,
  CSRF: 'Missing or invalid XSRF token',
  AUDIT_FAILED_BODY: 'Audit failed',
  NOT_LOGGED_IN_BODY: 'not_logged_in',

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

  // Tenancy configuration, admin-console §2.2 /config/tenancy (designed)
  TENANCY_CONFIG_SAVED: 'Tenancy configuration saved',
  TENANCY_CONFIG_SAVE_FAILED: 'Tenancy configuration not saved',
  TENANCY_CONFIG_LOAD_FAILED: 'The tenancy configuration could not be loaded.',
  TENANCY_CONFIG_UNCHANGED: 'Nothing has changed.',
  PAGE_NOT_AVAILABLE: 'This page is not available yet',
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
  BOOTSTRAP_DONE: 'Setup is already done.',
  PAYLOAD_TOO_LARGE: 'The request is too large.',
  NETWORK: 'Could not reach the server.',
  TIMEOUT: 'The server did not answer in time.',
  INTERNAL: 'The server could not complete the request.',
  MFA_INVALID: 'Failed to validate MFA token',
  PASSKEY_FAILED: 'The passkey could not be verified.',
  RESET_TOKEN_INVALID: 'This password reset link is invalid or has expired.',
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
