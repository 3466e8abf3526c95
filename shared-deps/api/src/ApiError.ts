/**
 * The client's error: every failed call rejects with an {@link ApiError} whose `code` is one of the
 * stable codes of `@tessera/domain` (`ErrorCode`). The status and body of an answer are translated
 * once, here (CONVENTIONS "Each boundary translates once").
 */
import { GLOBAL_BODIES, messageForErrorCode, type ErrorCode } from '@tessera/domain';

const ERROR_CODES: ReadonlySet<string> = new Set<ErrorCode>([
  'NOT_LOGGED_IN',
  'PAYMENT_REQUIRED',
  'TOO_MANY_REQUESTS',
  'AUDIT_FAILED',
  'VALIDATION',
  'INVALID_CREDENTIALS',
  'LOGIN_THROTTLED',
  'CSRF',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'BOOTSTRAP_DONE',
  'PAYLOAD_TOO_LARGE',
  'NETWORK',
  'INTERNAL',
  'SERVICE_UNAVAILABLE',
  'MFA_INVALID',
  'PASSKEY_FAILED',
  'RESET_TOKEN_INVALID',
  'EMAIL_LINK_INVALID',
  'DIRECTORY_NOT_CONFIGURED',
  'DIRECTORY_FAILED',
  // The CMS Client and card answers (signin §7, §8): their messages carry what the card said (e.g. the tries left).
  'NO_CMS_CLIENT',
  'CMS_CLIENT_TIMEOUT',
  'CMS_CLIENT_ERROR',
  'READER_NOT_FOUND',
  'INCORRECT_PIN',
]);

/** The codes of the global answers (signin §7, admin-console §8); they also go to `onGlobalError`. */
export const GLOBAL_ERROR_CODES: readonly ErrorCode[] = Object.freeze(['NOT_LOGGED_IN', 'PAYMENT_REQUIRED', 'TOO_MANY_REQUESTS', 'AUDIT_FAILED'] as ErrorCode[]);

/** Details of an {@link ApiError}. */
export interface ApiErrorOptions {
  /** HTTP status; 0 when no answer arrived. */
  status: number;
  /** For VALIDATION: the request field that was wrong. */
  field?: string;
  /** For LOGIN_THROTTLED and 429: seconds until another attempt is accepted. */
  retryAfterSeconds?: number;
  /** The original error (e.g. the network failure). */
  cause?: unknown;
}

/** A call failed: a stable `code`, the HTTP `status`, and a message fit to show. */
export class ApiError extends Error {
  /** Stable code (`ErrorCode` of `@tessera/domain`). */
  readonly code: ErrorCode;
  /** HTTP status; 0 when no answer arrived (NETWORK). */
  readonly status: number;
  /** For VALIDATION: the request field that was wrong, as a dotted path. */
  readonly field?: string;
  /** Seconds until another attempt is accepted, when the server says. */
  readonly retryAfterSeconds?: number;

  constructor(code: ErrorCode, message: string, { status, field, retryAfterSeconds, cause }: ApiErrorOptions) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    if (field !== undefined) this.field = field;
    if (retryAfterSeconds !== undefined) this.retryAfterSeconds = retryAfterSeconds;
  }

  /** Whether this is one of the global answers (401 not_logged_in, 402, 429 Too Many Requests, 503 Audit failed). */
  get isGlobal(): boolean {
    return GLOBAL_ERROR_CODES.includes(this.code);
  }
}

/** Whether `value` is an {@link ApiError} (also across bundles: checks the shape). */
export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError || (value instanceof Error && value.name === 'ApiError' && typeof (value as { code?: unknown }).code === 'string');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function parseRetryAfter(header: string | null | undefined): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}

/** The code of an answer without a JSON error body, by status (docs/api.md). */
function codeForStatus(status: number, text: string): ErrorCode {
  switch (status) {
    case 400:
      return 'VALIDATION';
    case 401:
      return 'NOT_LOGGED_IN';
    case 402:
      return 'PAYMENT_REQUIRED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 429:
      return 'TOO_MANY_REQUESTS';
    case 503:
      return text.trim() === GLOBAL_BODIES.auditFailed ? 'AUDIT_FAILED' : 'INTERNAL';
    default:
      return 'INTERNAL';
  }
}

/**
 * The {@link ApiError} of a failed answer. A JSON `ApiErrorBody` with a known code keeps its code,
 * message, field and retryAfterSeconds. Otherwise the status decides: 401 (body `not_logged_in`) →
 * NOT_LOGGED_IN, 402 → PAYMENT_REQUIRED, 429 (body `Too Many Requests`) → TOO_MANY_REQUESTS, 503 with
 * body `Audit failed` → AUDIT_FAILED (signin §7, admin-console §8), 400 VALIDATION, 403 FORBIDDEN,
 * 404 NOT_FOUND, 409 CONFLICT, 413 PAYLOAD_TOO_LARGE, anything else INTERNAL. Plain-text bodies are
 * never shown: the message is the code's text from `@tessera/domain`.
 */
export function errorFromResponse(status: number, text: string, retryAfterHeader?: string | null): ApiError {
  const body = parseJson(text);
  const retryAfter = parseRetryAfter(retryAfterHeader);
  if (body && typeof body === 'object' && ERROR_CODES.has((body as { code?: unknown }).code as string)) {
    const { code, message, field, retryAfterSeconds } = body as { code: ErrorCode; message?: unknown; field?: unknown; retryAfterSeconds?: unknown };
    return new ApiError(code, typeof message === 'string' && message !== '' ? message : messageForErrorCode(code), {
      status,
      ...(typeof field === 'string' ? { field } : {}),
      ...(typeof retryAfterSeconds === 'number' ? { retryAfterSeconds } : retryAfter !== undefined ? { retryAfterSeconds: retryAfter } : {}),
    });
  }
  const code = codeForStatus(status, text);
  return new ApiError(code, messageForErrorCode(code), { status, ...(retryAfter !== undefined ? { retryAfterSeconds: retryAfter } : {}) });
}
