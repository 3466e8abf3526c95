/** Events that count as user activity for the keep-alive (signin §4: "active since the last tick"). */
export const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/** Tracks whether the user did anything since the last look. */
export interface ActivityTracker {
  /** True when there was activity since the previous call; starts a new period. */
  takeActivity(): boolean;
  /** Stops listening. */
  dispose(): void;
}

/** Listens for pointer, key, wheel and touch events on `target` (passive, capture). */
export function trackActivity(target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window): ActivityTracker {
  let active = false;
  const onActivity = () => {
    active = true;
  };
  const options = { capture: true, passive: true } as const;
  for (const name of ACTIVITY_EVENTS) target.addEventListener(name, onActivity, options);
  return {
    takeActivity() {
      const was = active;
      active = false;
      return was;
    },
    dispose() {
      for (const name of ACTIVITY_EVENTS) target.removeEventListener(name, onActivity, options);
    },
  };
}
