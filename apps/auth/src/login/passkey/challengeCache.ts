/**
 * The cached WebAuthn sign-in challenge (signin §4, §9): one unused challenge is kept and refreshed
 * at half its 600000 ms life, so a ceremony starts without a round trip; after a failed fetch the
 * refresh backs off (attempt 1..8, 10 s × 2^attempt, ±50% jitter). The server accepts a challenge
 * once, so `take()` hands the cached one out and fetches the next.
 */
import { PASSKEY_CHALLENGE_LIFETIME_MS, challengeRefreshDelayMs, challengeRetryDelayMs, CHALLENGE_RETRY_MAX_ATTEMPT, type WebAuthnChallenge } from '@tessera/domain';

/** Options of {@link ChallengeCache}. */
export interface ChallengeCacheOptions {
  /** `PrepareFido2Authentication`. */
  fetch: () => Promise<WebAuthnChallenge>;
  /** The clock, epoch ms. */
  now: () => number;
  /** Random in [0, 1) for the jitter. @default Math.random */
  random?: () => number;
  /** @default PASSKEY_CHALLENGE_LIFETIME_MS */
  lifetimeMs?: number;
  /** Timers (tests may pass fakes). @default setTimeout / clearTimeout */
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

/** A challenge cache; `start()` keeps it fresh until `stop()`. */
export class ChallengeCache {
  readonly #fetch: () => Promise<WebAuthnChallenge>;
  readonly #now: () => number;
  readonly #random: () => number;
  readonly #lifetime: number;
  readonly #setTimer: (fn: () => void, ms: number) => unknown;
  readonly #clearTimer: (handle: unknown) => void;
  #current: WebAuthnChallenge | null = null;
  #inflight: Promise<WebAuthnChallenge> | null = null;
  #timer: unknown = null;
  #attempt = 0;
  #running = false;
  readonly #used = new WeakSet<WebAuthnChallenge>();

  constructor({ fetch, now, random = Math.random, lifetimeMs = PASSKEY_CHALLENGE_LIFETIME_MS, setTimer, clearTimer }: ChallengeCacheOptions) {
    this.#fetch = fetch;
    this.#now = now;
    this.#random = random;
    this.#lifetime = lifetimeMs;
    this.#setTimer = setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.#clearTimer = clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  }

  /** Failed fetches in a row (0 after a success), at most 8. */
  get attempt(): number {
    return this.#attempt;
  }

  /** The cached challenge, if any (not consumed). */
  get current(): WebAuthnChallenge | null {
    return this.#current;
  }

  /** Starts keeping a challenge ready. */
  start(): void {
    if (this.#running) return;
    this.#running = true;
    void this.#refresh();
  }

  /** Stops refreshing (the cached challenge is kept until it is stale). */
  stop(): void {
    this.#running = false;
    this.#cancelTimer();
  }

  /** A challenge for one ceremony: the cached one while it is fresh, else a new one. */
  async take(): Promise<WebAuthnChallenge> {
    const cached = this.#current;
    this.#current = null;
    if (cached && this.#now() - cached.fetchedAt < this.#lifetime / 2) {
      this.#used.add(cached);
      this.#kick();
      return cached;
    }
    const fetched = await this.#shared();
    this.#used.add(fetched);
    if (this.#current === fetched) this.#current = null;
    this.#kick();
    return fetched;
  }

  #shared(): Promise<WebAuthnChallenge> {
    this.#inflight ??= this.#fetch().finally(() => {
      this.#inflight = null;
    });
    return this.#inflight;
  }

  #cancelTimer(): void {
    if (this.#timer !== null) this.#clearTimer(this.#timer);
    this.#timer = null;
  }

  #schedule(ms: number): void {
    this.#cancelTimer();
    if (!this.#running) return;
    this.#timer = this.#setTimer(() => {
      this.#timer = null;
      void this.#refresh();
    }, ms);
  }

  /** After a take, fetch the next challenge at once. */
  #kick(): void {
    if (this.#running) this.#schedule(0);
  }

  async #refresh(): Promise<void> {
    try {
      const challenge = await this.#shared();
      this.#attempt = 0;
      if (!this.#used.has(challenge)) this.#current = challenge;
      this.#schedule(challengeRefreshDelayMs(challenge.fetchedAt, this.#now(), this.#lifetime));
    } catch {
      this.#attempt = Math.min(CHALLENGE_RETRY_MAX_ATTEMPT, this.#attempt + 1);
      this.#schedule(challengeRetryDelayMs(this.#attempt, this.#random()));
    }
  }
}
