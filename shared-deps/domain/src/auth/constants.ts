/**
 * Constants of sign-in: key derivation, passkey challenges, the session cookie (signin §4, §7, §9). Every number here is the spec's unless marked designed.
 */

/** Password-based key derivation iterations; must match the back end (signin §9). */
export const PBKDF2_ITERATIONS = 100;

/** Secret-answer hash: salt bytes, output bits (signin §5, §9). */
export const SECRET_ANSWER_SALT_BYTES = 32;
export const SECRET_ANSWER_HASH_BITS = 128;

/** Passkey challenge lifetime, 10 minutes; refreshed at half of it (signin §4, §9). */
export const PASSKEY_CHALLENGE_LIFETIME_MS = 600000;

/** The session cookie (docs/api.md). */
export const SESSION_COOKIE_NAME = 'tessera_session';

/** Media type of the WebAuthn challenge answer (signin §7, §8). */
export const WEBAUTHN_CHALLENGE_CONTENT_TYPE = 'application/x-webauthn-challenge';
