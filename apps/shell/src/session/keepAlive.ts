import { defer, EMPTY, expand, filter, from, map, catchError, of, switchMap, timer, type Observable } from 'rxjs';
import { keepAliveIntervalSeconds, remainingSessionMs, type SessionInfo } from '@tessera/domain';

/** What one keep-alive tick did. */
export type KeepAliveEvent =
  | { type: 'refreshed'; session: SessionInfo }
  | { type: 'checked'; session: SessionInfo }
  | { type: 'failed'; error: unknown };

/** Inputs of {@link keepAlive$}. */
export interface KeepAliveOptions {
  /** The session as last answered by the server (login, check or refresh). */
  session: SessionInfo;
  /** `POST check-session`: reports the session without extending it. */
  checkSession: () => Promise<SessionInfo>;
  /** `POST refresh-session`: extends the idle expiry. */
  refreshSession: () => Promise<SessionInfo>;
  /** Whether the user was active since the previous call; each call starts a new period. */
  takeActivity: () => boolean;
  /** The clock, epoch ms. @default Date.now */
  now?: () => number;
}

/** Milliseconds to the next tick: remaining session time / 2000 s, clamped to 1..90 s (signin §9). */
export function keepAliveDelayMs(session: SessionInfo): number {
  return keepAliveIntervalSeconds(session.remainingSeconds * 1000) * 1000;
}

/**
 * The session keep-alive loop of signin §4: wait the keep-alive interval, then refresh the session
 * if the user was active since the last tick, else only check it; repeat with the new remaining
 * time. Emits each tick's outcome; after a failed call it emits `failed` and completes (the caller
 * signs out and clears all state). Nothing runs until subscribed; unsubscribing stops the loop.
 *
 * Each answer's expiry is kept on the local clock (answer time + remainingSeconds + 1 s, as the
 * server floors the seconds: no skew with the server's clock, and never earlier than the server's
 * own expiry). A tick that finds it already passed (the machine slept through it) fails at once
 * with 'expired cookie' (signin §8) instead of asking the server.
 */
export function keepAlive$({ session, checkSession, refreshSession, takeActivity, now = Date.now }: KeepAliveOptions): Observable<KeepAliveEvent> {
  type Step = KeepAliveEvent | { type: 'start'; session: SessionInfo };
  return defer(() =>
    of<Step>({ type: 'start', session }).pipe(
      expand((step): Observable<Step> => {
        if (step.type === 'failed') return EMPTY;
        const localExpiry = new Date(now() + (step.session.remainingSeconds + 1) * 1000).toISOString();
        return timer(keepAliveDelayMs(step.session)).pipe(
          switchMap(() => {
            remainingSessionMs(localExpiry, now()); // throws 'expired cookie' when the expiry has passed
            const active = takeActivity();
            return from(active ? refreshSession() : checkSession()).pipe(
              map((next): Step => ({ type: active ? 'refreshed' : 'checked', session: next })),
            );
          }),
          catchError((error: unknown) => of<Step>({ type: 'failed', error })),
        );
      }),
      filter((step): step is KeepAliveEvent => step.type !== 'start'),
    ),
  );
}
