import type { Action } from '@reduxjs/toolkit';
import type { Epic } from 'redux-observable';
import type { Observable } from 'rxjs';
import type { ApiClient } from '@tessera/api';
import type { SessionState } from '@tessera/bus';
import type { ErrorCode, SessionInfo, Viewer } from '@tessera/domain';

/** What the auth app's epics use of the store dependencies (`{api, bus, now}`). */
export interface AuthEpicDependencies {
  api: Pick<ApiClient, 'login' | 'bootstrapStatus' | 'bootstrap' | 'news' | 'version' | 'totpAuth' | 'forgotPassword' | 'validateResetToken' | 'resetPassword'>;
  bus: {
    session$: Observable<SessionState>;
    signedIn(viewer: Viewer, session: SessionInfo): void;
  };
  now: () => number;
}

/** An epic of the auth app. */
export type AuthEpic = Epic<Action, Action, unknown, AuthEpicDependencies>;

/** A failure as the slices keep it: the API error code and the text to show. */
export interface Failure {
  code: ErrorCode | string;
  message: string;
  field?: string;
}

/** The code, message and field of anything an api call rejected with. */
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
