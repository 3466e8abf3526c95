/**
 * Texts of the platform: error screens, global answers, low-level rule texts of signin §2, §5, §8 and admin-console §5, §8.
 * Quoted texts are the spec's, character for character; the others are marked "designed".
 */
import { MAX_FILE_SIZE_BYTES, PRODUCT_NAME } from './constants';

/** Unexpected Error screen message with the tenancy support address (signin §2). */
export function unexpectedErrorMessage(email: string): string {
  return `An unexpected error occurred, please download the error file and send to: ${email}`;
}

/**
 * A failure title followed by its reason, as one line (designed): `'Smartcard could not be issued: no reader'`, and
 * after a title that ends a sentence (signin §8 'Could not change card PIN.') the reason as the next sentence.
 */
export function withReason(title: string, reason: string): string {
  return `${title}${/[.!?]$/.test(title) ? ' ' : ': '}${reason}`;
}

/** The common texts, by code (merged into `MESSAGES`). */
export const COMMON_MESSAGES = Object.freeze({
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

  // admin-console §5 image upload, month
  IMAGE_REQUIRED: 'Please upload an image.',
  IMAGE_FORMAT_NOT_SUPPORTED: 'Image format not supported.',
  IMAGE_CORRUPT: 'Image file is corrupt.',
  INVALID_DATE: 'Invalid Date',
  /** designed: admin-console §5 text, integer and subnet rules. */
  TEXT_INVALID_CHARACTER: 'The text contains an invalid character.',
  INTEGER_INVALID: 'Please enter a whole number.',
  VALUE_REQUIRED: 'Please enter a value.',
  SUBNET_INVALID: 'Please enter a subnet as a.b.c.d/n with the host bits zero.',

  // signin §5, §8 low-level texts
  BASE64URL_EXPECTED: 'Expected a URL-safe Base64-encoded string',
  BASE64_INVALID: 'invalid Base64 data',
  HEX_INVALID: 'invalid hex string',
  EXPIRED_COOKIE: 'expired cookie',
  /** designed: signin §5 "Maximum file size is 10 MB". */
  FILE_TOO_LARGE: `The file is larger than ${MAX_FILE_SIZE_BYTES / (1024 * 1024)} MB.`,
  /** designed: no certificate found in the text (signin §5). */
  CERTIFICATE_NOT_FOUND: 'No certificate or CSR was found in the text.',

  // signin §8 error toasts
  UNEXPECTED_ERROR_TOAST: 'An unexpected error occurred',

  // docs/api.md
  CSRF: 'Missing or invalid XSRF token',
  AUDIT_FAILED_BODY: 'Audit failed',
  NOT_LOGGED_IN_BODY: 'not_logged_in',
  /** designed (issue 11): 503 SERVICE_UNAVAILABLE when a part the server needs is down. */
  REDIS_UNREACHABLE: 'Redis unreachable',
  DATABASE_UNREACHABLE: 'Database unreachable',

  // designed: a menu entry whose page is not built yet
  PAGE_NOT_AVAILABLE: 'This page is not available yet',
} as const);
