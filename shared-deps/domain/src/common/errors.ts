/** Errors thrown by domain rules: an `Error` whose message is the spec's text and whose `code` is stable. */

/** Codes of {@link DomainError}. */
export type DomainErrorCode = 'BASE64URL_EXPECTED' | 'BASE64_INVALID' | 'HEX_INVALID' | 'EXPIRED_COOKIE';

/** A domain rule rejected its input; `message` is the spec's text (signin §8 low-level errors). */
export class DomainError extends Error {
  /** Stable code of the failure. */
  readonly code: DomainErrorCode;

  constructor(code: DomainErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DomainError';
    this.code = code;
  }
}
