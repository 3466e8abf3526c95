/** What goes into the error file of the Unexpected Error screen (signin §2). */
export interface ErrorLogInput {
  /** The error (or anything thrown). */
  error: unknown;
  /** The page address when it happened. */
  url: string;
  /** When it happened (ms since the epoch). */
  time: number;
  /** The browser's user agent. */
  userAgent: string;
}

/** The message of anything thrown: an Error's message, a string as is, else its JSON. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}

/** The stack of an Error, with its `cause` chain, or '' for anything else. */
export function errorStack(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth++) {
    parts.push(depth === 0 ? (current.stack ?? '') : `Caused by: ${current.stack ?? errorMessage(current)}`);
    current = current.cause;
  }
  return parts.filter(Boolean).join('\n');
}

/**
 * The text of the error file the user downloads and sends to support: error, stack, URL, time and
 * user agent, one labelled section each, so support can read it without tools.
 */
export function buildErrorLog({ error, url, time, userAgent }: ErrorLogInput): string {
  return [
    `Error: ${errorMessage(error)}`,
    `URL: ${url}`,
    `Time: ${new Date(time).toISOString()}`,
    `User agent: ${userAgent}`,
    '',
    'Stack:',
    errorStack(error) || '(none)',
    '',
  ].join('\n');
}

/** File name of the error file, e.g. `tessera-error-2026-01-31T10-00-00-000Z.log`. */
export function errorLogFileName(time: number): string {
  return `tessera-error-${new Date(time).toISOString().replace(/[:.]/g, '-')}.log`;
}
