/**
 * The passkey sign-in ceremony (signin §4, §5): a challenge from the cache, then
 * `navigator.credentials.get` through @simplewebauthn/browser with user verification required and
 * no allow-list (discoverable credentials: no username needed), either modal or as conditional UI
 * (autofill). @simplewebauthn/browser runs one ceremony at a time: starting one aborts the previous
 * with an AbortError.
 */
import { startAuthentication, WebAuthnAbortService } from '@simplewebauthn/browser';
import { PASSKEY_CHALLENGE_LIFETIME_MS, type WebAuthnChallenge, type WebAuthnResponseJson } from '@tessera/domain';
import { ChallengeCache } from './challengeCache';

/** Starts a sign-in ceremony. */
export interface PasskeySignIn {
  /** The assertion JSON; rejects with an `AbortError` when a newer ceremony replaced this one. */
  assert(options: { conditional: boolean }): Promise<WebAuthnResponseJson>;
  /**
   * Cancels a pending ceremony. A conditional request left pending after sign-in would make the
   * browser refuse the next WebAuthn call ("A request is already pending"), e.g. creating a passkey.
   */
  cancel?(): void;
}

/** Options of {@link createPasskeySignIn}. */
export interface PasskeySignInOptions {
  prepare: () => Promise<WebAuthnChallenge>;
  now: () => number;
  /** @default startAuthentication of @simplewebauthn/browser */
  start?: (options: { optionsJSON: Record<string, unknown>; useBrowserAutofill: boolean }) => Promise<unknown>;
  /** @default WebAuthnAbortService.cancelCeremony of @simplewebauthn/browser */
  cancel?: () => void;
}

/** A passkey sign-in over a challenge cache that starts on first use. */
export function createPasskeySignIn({
  prepare,
  now,
  start = (o) => startAuthentication(o as never),
  cancel = () => WebAuthnAbortService.cancelCeremony(),
}: PasskeySignInOptions): PasskeySignIn & { cache: ChallengeCache } {
  const cache = new ChallengeCache({ fetch: prepare, now });
  return {
    cache,
    cancel,
    async assert({ conditional }) {
      cache.start();
      const { challenge, rpId } = await cache.take();
      const optionsJSON = {
        challenge,
        allowCredentials: [],
        userVerification: 'required',
        timeout: PASSKEY_CHALLENGE_LIFETIME_MS,
        ...(rpId ? { rpId } : {}),
      };
      return (await start({ optionsJSON, useBrowserAutofill: conditional })) as WebAuthnResponseJson;
    },
  };
}
