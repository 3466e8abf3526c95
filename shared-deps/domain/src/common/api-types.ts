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
  | 'DIRECTORY_NOT_CONFIGURED'
  | 'DIRECTORY_FAILED'
  | 'BOOTSTRAP_DONE'
  | 'PAYLOAD_TOO_LARGE'
  | 'NETWORK'
  | 'TIMEOUT'
  | 'INTERNAL'
  | 'SERVICE_UNAVAILABLE'
  | 'MFA_INVALID'
  | 'PASSKEY_FAILED'
  | 'RESET_TOKEN_INVALID'
  | 'EMAIL_LINK_INVALID'
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
  /** True when there are more than `totalResults` (a capped count: up to the end of the block of 10 pages that holds the page asked for). */
  totalCapped?: boolean;
}

/** Query of a paged list. `take` defaults to 10 (RESULTS_PER_PAGE). */
export interface PageQuery {
  skip?: number;
  take?: number;
  search?: string;
  sortField?: string;
  sortDirection?: 'asc' | 'desc';
}
