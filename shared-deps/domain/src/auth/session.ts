/** Session timing rules of signin §4 and §9. Pure: the current time is always passed in. */
import { DomainError } from '../common/errors';
import { COMMON_MESSAGES as MESSAGES } from '../common/messages';

/** Default session length in seconds, used only when the server gives no expiry (signin §9). */
export const DEFAULT_SESSION_SECONDS = 90;
/** Auth timeout in seconds (signin §9). */
export const AUTH_TIMEOUT_SECONDS = 90;
/** Lower and upper bound of the keep-alive interval in seconds (signin §9). */
export const KEEP_ALIVE_MIN_SECONDS = 1;
export const KEEP_ALIVE_MAX_SECONDS = 90;

/**
 * The keep-alive interval: remaining session time (ms) divided by 2000, in seconds, clamped to
 * 1..90 s (signin §9). A missing or non-finite remaining time counts as the default session length.
 */
export function keepAliveIntervalSeconds(remainingMs: number | null | undefined): number {
  const ms = typeof remainingMs === 'number' && Number.isFinite(remainingMs) ? remainingMs : DEFAULT_SESSION_SECONDS * 1000;
  const seconds = ms / 2000;
  return Math.min(KEEP_ALIVE_MAX_SECONDS, Math.max(KEEP_ALIVE_MIN_SECONDS, seconds));
}

/**
 * Remaining session time in ms from an ISO expiry, or the 90 s default when no expiry is given.
 * Throws 'expired cookie' when the expiry has already passed (signin §8).
 */
export function remainingSessionMs(expiresAt: string | null | undefined, nowMs: number): number {
  if (!expiresAt) return DEFAULT_SESSION_SECONDS * 1000;
  const end = Date.parse(expiresAt);
  if (Number.isNaN(end)) return DEFAULT_SESSION_SECONDS * 1000;
  const left = end - nowMs;
  if (left <= 0) throw new DomainError('EXPIRED_COOKIE', MESSAGES.EXPIRED_COOKIE);
  return left;
}
