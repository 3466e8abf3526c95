import { BehaviorSubject, type Observable } from 'rxjs';

/** A crash shown on the Unexpected Error screen. */
export interface UnexpectedErrorReport {
  error: unknown;
  /** When it was reported (ms since the epoch). */
  time: number;
  /** The page address when it was reported. */
  url: string;
}

const unexpectedErrorSubject = new BehaviorSubject<UnexpectedErrorReport | null>(null);

/** The crash being shown, or null. Replays the latest, so a crash before the shell mounts is kept. */
export const unexpectedError$: Observable<UnexpectedErrorReport | null> = unexpectedErrorSubject.asObservable();

/**
 * Shows the Unexpected Error screen for a crash in any app (signin §2). Cross-app export: root-config
 * calls it from single-spa's `addErrorHandler` and from window `error` / `unhandledrejection` events;
 * the shell's own error boundaries call it too. The first crash stays on screen: later ones (often
 * consequences of the first) do not replace it, until the user reloads.
 */
export function showUnexpectedError(error: unknown): void {
  if (unexpectedErrorSubject.getValue()) return;
  unexpectedErrorSubject.next({ error, time: Date.now(), url: typeof window === 'undefined' ? '' : window.location.href });
}

/** Clears the screen (tests only; the screen's way out is Reload Page). */
export function clearUnexpectedError(): void {
  unexpectedErrorSubject.next(null);
}
