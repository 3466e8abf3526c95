/**
 * The one place a command's failure becomes output: one line `error: <message>` on standard error and
 * a non-zero exit (CONVENTIONS "cli": like shadcn `utils/handle-error.ts`).
 */
import { isApiError } from '@tessera/api';
import type { CliContext } from '../context';
import { CliError, EXIT, NOT_SIGNED_IN_MESSAGE } from './errors';
import { networkCause } from './networkCause';

/** The exit code and line for any failure. */
export function describeError(error: unknown): { exitCode: number; message: string } {
  if (error instanceof CliError) return { exitCode: error.exitCode, message: error.message };
  if (isApiError(error)) {
    if (error.code === 'NOT_LOGGED_IN') return { exitCode: EXIT.NOT_LOGGED_IN, message: NOT_SIGNED_IN_MESSAGE };
    if (error.code === 'NETWORK') {
      // "Could not reach the server at <url>: fetch failed" names no cause; undici keeps it as `cause`.
      const url = /at (\S+?):? /.exec(error.message)?.[1] ?? '';
      const reason = networkCause(error, url);
      if (reason) return { exitCode: EXIT.FAILURE, message: `Could not reach the server at ${url}: ${reason}` };
    }
    return { exitCode: EXIT.FAILURE, message: error.message };
  }
  // @inquirer's prompt rejects with ExitPromptError on Ctrl+C.
  if (error instanceof Error && error.name === 'ExitPromptError') return { exitCode: EXIT.CANCELLED, message: 'cancelled' };
  if (error instanceof Error) return { exitCode: EXIT.FAILURE, message: error.message || error.name };
  return { exitCode: EXIT.FAILURE, message: String(error) };
}

/** Prints `error: <message>` as one line and exits with the failure's code. */
export function handleError(error: unknown, context: Pick<CliContext, 'stderr' | 'exit'>): never {
  const { exitCode, message } = describeError(error);
  context.stderr(`error: ${message.replace(/\s*[\r\n]+\s*/g, ' ')}\n`);
  return context.exit(exitCode);
}
