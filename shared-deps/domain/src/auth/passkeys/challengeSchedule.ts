/**
 * Timing of the cached WebAuthn sign-in challenge (signin §4, §9): refreshed at half its 600000 ms
 * life; after a failed fetch, retries back off exponentially with jitter — attempt 1 to 8, base
 * 10 s × 2^attempt, randomised within ±50%. Pure: the random value is passed in.
 */
import { PASSKEY_CHALLENGE_LIFETIME_MS } from '../constants';

/** Base of the retry delay (10 seconds). */
export const CHALLENGE_RETRY_BASE_MS = 10_000;
/** The attempt count is clamped to 1..8. */
export const CHALLENGE_RETRY_MAX_ATTEMPT = 8;

/** Delay until a challenge fetched at `fetchedAt` is refreshed (half its lifetime), at least 0. */
export function challengeRefreshDelayMs(fetchedAt: number, now: number, lifetimeMs: number = PASSKEY_CHALLENGE_LIFETIME_MS): number {
  return Math.max(0, fetchedAt + lifetimeMs / 2 - now);
}

/**
 * Delay before retry number `attempt` after a failed fetch: 10 s × 2^attempt (attempt clamped to
 * 1..8) times a factor in [0.5, 1.5) taken from `random` in [0, 1).
 */
export function challengeRetryDelayMs(attempt: number, random: number): number {
  const count = Math.min(CHALLENGE_RETRY_MAX_ATTEMPT, Math.max(1, Math.floor(attempt)));
  const base = CHALLENGE_RETRY_BASE_MS * 2 ** count;
  return Math.round(base * (0.5 + Math.min(Math.max(random, 0), 0.999999)));
}
