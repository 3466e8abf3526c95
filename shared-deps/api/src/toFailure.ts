import type { ErrorCode } from '@tessera/domain';

/** A failed call as slices keep it: the API error code, the text to show, and the field it concerns. */
export interface Failure {
  code: ErrorCode | string;
  message: string;
  field?: string;
}

/**
 * The code, message and field of anything an api call rejected with: an {@link ApiError} keeps its own;
 * anything else becomes INTERNAL with its text.
 */
export function toFailure(error: unknown): Failure {
  if (error && typeof error === 'object') {
    const { code, message, field } = error as { code?: unknown; message?: unknown; field?: unknown };
    return {
      code: typeof code === 'string' ? code : 'INTERNAL',
      message: typeof message === 'string' ? message : String(error),
      ...(typeof field === 'string' ? { field } : {}),
    };
  }
  return { code: 'INTERNAL', message: String(error) };
}
