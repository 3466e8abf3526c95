/**
 * Domain errors of the server. Each carries a stable `code` (the `ErrorCode` of `@tessera/domain`) and
 * the HTTP status it maps to; `plugins/errors.ts` is the one place that turns them into answers.
 */
import { MESSAGES, type ErrorCode } from '@tessera/domain';

/** Base class: an error the client may see, with its code and status. */
export class AppError extends Error {
  /** Stable code sent in the JSON body (or mapped to a plain-text global body). */
  readonly code: ErrorCode;
  /** HTTP status of the answer. */
  readonly statusCode: number;
  /** For VALIDATION: the dotted path of the wrong field. */
  readonly field?: string;

  constructor(code: ErrorCode, statusCode: number, message: string, options?: { cause?: unknown; field?: string }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.statusCode = statusCode;
    if (options?.field !== undefined) this.field = options.field;
  }
}

/**
 * 400: a request field is wrong. The message is `<field> <what>`, or with `exact` the spec's own text
 * (e.g. admin-console §5 "The character '/' is not allowed in usernames.").
 */
export class ValidationError extends AppError {
  constructor(field: string, what: string, options?: { cause?: unknown; exact?: boolean }) {
    super('VALIDATION', 400, options?.exact ? what : `${field} ${what}`, { ...(options?.cause === undefined ? {} : { cause: options.cause }), field });
  }
}

/** 401 `not_logged_in` (plain text): no fully signed-in session. */
export class NotLoggedInError extends AppError {
  constructor(message = 'A signed-in session is required') {
    super('NOT_LOGGED_IN', 401, message);
  }
}

/** 401 `INVALID_CREDENTIALS`: the same text whether or not the user exists. */
export class InvalidCredentialsError extends AppError {
  constructor(message: string) {
    super('INVALID_CREDENTIALS', 401, message);
  }
}

/** 403 `FORBIDDEN`: the viewer lacks a permission. */
export class ForbiddenError extends AppError {
  constructor(message = 'You do not have permission to do this') {
    super('FORBIDDEN', 403, message);
  }
}

/**
 * 403 `FORBIDDEN` for a grant the viewer may not make (issue 18: nobody grants what they do not hold,
 * nobody edits their own roles or role); `field` names the part of the request refused.
 */
export class GrantRefusedError extends AppError {
  constructor(field: string, message: string) {
    super('FORBIDDEN', 403, message, { field });
  }
}

/** 403 `CSRF`: the X-XSRF-TOKEN header is missing or differs from the XSRF-TOKEN cookie. */
export class CsrfError extends AppError {
  constructor() {
    super('CSRF', 403, 'Missing or invalid XSRF token');
  }
}

/** 403 `BOOTSTRAP_DONE`: bootstrap was asked for after the first user exists. */
export class BootstrapDoneError extends AppError {
  constructor() {
    super('BOOTSTRAP_DONE', 403, 'Setup is already done');
  }
}

/** 404 `NOT_FOUND`: unknown id, or an id of another tenant (the two are indistinguishable). */
export class NotFoundError extends AppError {
  constructor(what = 'The requested item') {
    super('NOT_FOUND', 404, `${what} was not found`);
  }
}

/** 409 `CONFLICT`: a unique value is taken. */
export class ConflictError extends AppError {
  constructor(field: string, message: string) {
    super('CONFLICT', 409, message, { field });
  }
}

/** 429 `LOGIN_THROTTLED`: too many failed sign-ins for the account or the address. */
export class LoginThrottledError extends AppError {
  /** Whole seconds until another attempt is accepted. */
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super('LOGIN_THROTTLED', 429, `Too many failed sign-in attempts. Try again in ${retryAfterSeconds} seconds.`);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** 429 `Too Many Requests` (plain text) with `Retry-After`: a rate-limit rule refused the request. */
export class TooManyRequestsError extends AppError {
  /** Whole seconds until the bucket holds a token again (at least 1). */
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds = 1) {
    super('TOO_MANY_REQUESTS', 429, 'Too Many Requests');
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}

/** 413 `PAYLOAD_TOO_LARGE`: the `Content-Length` is over a rate-limit rule's `maxDataBytes`. */
export class RateLimitBodyTooLargeError extends AppError {
  constructor(maxDataBytes: number) {
    super('PAYLOAD_TOO_LARGE', 413, `body must be at most ${maxDataBytes} bytes (a rate-limit rule's maxDataBytes)`, { field: 'body' });
  }
}

/** 503 `Audit failed` (plain text): the audit event could not be written, so the action was rolled back. */
export class AuditFailedError extends AppError {
  constructor(cause: unknown) {
    super('AUDIT_FAILED', 503, 'Audit failed', { cause });
  }
}

/** 401 `MFA_INVALID` 'Failed to validate MFA token' (signin §8): a wrong, replayed or used code. */
export class MfaInvalidError extends AppError {
  constructor() {
    super('MFA_INVALID', 401, 'Failed to validate MFA token');
  }
}

/** 400 `PASSKEY_FAILED`: a WebAuthn ceremony did not verify (the reason stays in the log). */
export class PasskeyFailedError extends AppError {
  constructor(reason: string, options?: { cause?: unknown }) {
    super('PASSKEY_FAILED', 400, `The passkey could not be verified: ${reason}`, options);
  }
}

/**
 * 400 `PASSKEY_FAILED` to an anonymous caller (FinishFido2Authentication): one generic answer whatever
 * failed, so the caller learns nothing about credentials, origins or counters; the reason goes to the log
 * and the audit event.
 */
export class PasskeySignInFailedError extends AppError {
  constructor(options?: { cause?: unknown }) {
    super('PASSKEY_FAILED', 400, 'The passkey could not be verified.', options);
  }
}

/** 400 `RESET_TOKEN_INVALID`: unknown, used or expired password reset token. */
export class ResetTokenInvalidError extends AppError {
  constructor() {
    super('RESET_TOKEN_INVALID', 400, 'This password reset link is invalid or has expired.');
  }
}

/** 400 `EMAIL_LINK_INVALID`: unknown, used or expired registration or activation link (issue 13). */
export class EmailLinkInvalidError extends AppError {
  constructor() {
    super('EMAIL_LINK_INVALID', 400, MESSAGES.EMAIL_LINK_INVALID);
  }
}

/** A configuration error at startup; the message names the variable (`env: TESSERA_PORT ...`). */
export class ConfigError extends Error {
  readonly code = 'CONFIG' as const;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ConfigError';
  }
}
