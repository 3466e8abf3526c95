/** CLI failures and their exit codes (ARCHITECTURE "CLI": one-line message, non-zero exit). */

/** Exit codes: 0 success, 1 any failure, 2 wrong usage, 3 not signed in, 4 partial failure (some items of a batch failed), 130 cancelled. */
export const EXIT = Object.freeze({ OK: 0, FAILURE: 1, USAGE: 2, NOT_LOGGED_IN: 3, PARTIAL: 4, CANCELLED: 130 });

/** Codes of {@link CliError}. */
export type CliErrorCode = 'USAGE' | 'NOT_LOGGED_IN' | 'FAILURE' | 'PARTIAL' | 'CANCELLED';

const EXIT_BY_CODE: Readonly<Record<CliErrorCode, number>> = { USAGE: EXIT.USAGE, NOT_LOGGED_IN: EXIT.NOT_LOGGED_IN, FAILURE: EXIT.FAILURE, PARTIAL: EXIT.PARTIAL, CANCELLED: EXIT.CANCELLED };

/** A failure the CLI reports itself; `message` is the one line shown after `error: `. */
export class CliError extends Error {
  /** Stable code. */
  readonly code: CliErrorCode;
  /** Process exit code. */
  readonly exitCode: number;

  constructor(code: CliErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CliError';
    this.code = code;
    this.exitCode = EXIT_BY_CODE[code];
  }
}

/** Wrong usage: a missing or malformed option (exit 2). */
export function usageError(message: string): CliError {
  return new CliError('USAGE', message);
}

/** The line shown when no credentials are available or the server says not_logged_in (exit 3). */
export const NOT_SIGNED_IN_MESSAGE = 'Not signed in. Run `tessera login` or set TESSERA_API_KEY.';
