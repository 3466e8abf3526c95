/**
 * TOTP (RFC 6238) with the otpauth library: SHA-1, 6 digits, 30 s steps, the defaults every
 * authenticator app reads from an otpauth:// URI. A code is accepted within ±1 step of clock skew and
 * only if its step is later than the last accepted one (RFC 6238 §5.2: "the verifier MUST NOT accept
 * the second attempt of the OTP after the successful validation").
 */
import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/** Seconds per TOTP step. */
export const TOTP_PERIOD_SECONDS = 30;
/** Steps of clock skew accepted on either side. */
export const TOTP_WINDOW = 1;
/** Number of recovery codes issued at a time. */
export const RECOVERY_CODE_COUNT = 10;

/** A new random secret (160 bits, RFC 4226 §4 recommendation), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The TOTP object of a secret. */
export function totpOf(secretBase32: string, issuer: string, accountName: string): TOTP {
  return new TOTP({ issuer, label: accountName, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secretBase32) });
}

/** Result of {@link verifyTotp}. */
export type TotpCheck = { ok: true; step: number } | { ok: false; reason: 'invalid' | 'replay' };

/** Options of {@link verifyTotp}. */
export interface VerifyTotpOptions {
  /** base32 secret. */
  secret: string;
  /** The code typed by the user. */
  token: string;
  /** Epoch ms. */
  now: number;
  /** Step of the last accepted code, or null. */
  lastUsedStep: number | null;
  /** @default TOTP_WINDOW */
  window?: number;
}

/** Checks a code; a valid code of an already used (or earlier) step is a replay. */
export function verifyTotp({ secret, token, now, lastUsedStep, window = TOTP_WINDOW }: VerifyTotpOptions): TotpCheck {
  if (!/^\d{6}$/.test(token)) return { ok: false, reason: 'invalid' };
  const totp = totpOf(secret, 'x', 'x');
  const delta = totp.validate({ token, timestamp: now, window });
  if (delta === null) return { ok: false, reason: 'invalid' };
  const step = totp.counter({ timestamp: now }) + delta;
  if (lastUsedStep !== null && step <= lastUsedStep) return { ok: false, reason: 'replay' };
  return { ok: true, step };
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** New recovery codes `xxxxx-xxxxx` (10 characters of a 31-letter alphabet: about 49 bits each). */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  const one = () => Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return Array.from({ length: count }, () => {
    const code = one();
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/** A recovery code as hashed: lower case, without spaces and dashes. */
export function normaliseRecoveryCode(input: string): string {
  return input.toLowerCase().replace(/[\s-]/g, '');
}

/** Does the input look like a recovery code (rather than a 6-digit TOTP code)? */
export function looksLikeRecoveryCode(input: string): boolean {
  return /^[a-z0-9]{10}$/.test(normaliseRecoveryCode(input)) && !/^\d+$/.test(normaliseRecoveryCode(input));
}
