/**
 * `session$`: the sign-in state of the page, replaying the latest value to each new subscriber. The
 * named functions below are its only writers (CONVENTIONS "bus"). Creating the subject is the only
 * work done at import time.
 */
import { BehaviorSubject, type Observable } from 'rxjs';
import type { SessionInfo, Viewer } from '@tessera/domain';

/** The sign-in state: loading while the boot asks the server, then signed in or out. */
export type SessionState =
  | { status: 'loading' }
  | { status: 'signedOut'; reason?: string }
  | { status: 'signedIn'; viewer: Viewer; session: SessionInfo };

const sessionSubject = new BehaviorSubject<SessionState>({ status: 'loading' });

/** The sign-in state; replays the latest value. Starts as `loading`. */
export const session$: Observable<SessionState> = sessionSubject.asObservable();

/** The latest sign-in state, for code that must decide synchronously (e.g. single-spa activity functions). */
export function getSessionState(): SessionState {
  return sessionSubject.getValue();
}

/** The authentication state is being loaded (full-page spinner, signin §2). */
export function sessionLoading(): void {
  sessionSubject.next({ status: 'loading' });
}

/** A viewer signed in (or the boot found a signed-in session). */
export function signedIn(viewer: Viewer, session: SessionInfo): void {
  sessionSubject.next({ status: 'signedIn', viewer, session });
}

/**
 * The session was checked or refreshed (signin §4): the viewer stays, the timing changes. Ignored when
 * nobody is signed in, so a late answer cannot sign a user back in.
 */
export function sessionRefreshed(session: SessionInfo): void {
  const current = sessionSubject.getValue();
  if (current.status !== 'signedIn') return;
  sessionSubject.next({ status: 'signedIn', viewer: current.viewer, session });
}

/** The viewer signed out or the session ended; `reason` says why (e.g. `not_logged_in`, `expired`). */
export function signedOut(reason?: string): void {
  sessionSubject.next(reason === undefined ? { status: 'signedOut' } : { status: 'signedOut', reason });
}
