/** URL-safe base64 rule (signin §5 "Base64 input must be URL-safe characters only"; signin §8 texts). */
import { base64ToBytes, bytesToBase64 } from '../encoding';
import { DomainError } from '../errors';
import { COMMON_MESSAGES as MESSAGES } from '../messages';

const URL_SAFE = /^[A-Za-z0-9_-]*={0,2}$/;

/**
 * Decodes URL-safe base64 (RFC 4648 §5; trailing `=` padding tolerated). Throws a {@link DomainError}
 * 'Expected a URL-safe Base64-encoded string' for any other character (e.g. `+` or `/`) and 'invalid
 * Base64 data' for an impossible length or misplaced padding (signin §8).
 */
export function decodeBase64Url(value: string): Uint8Array {
  if (!URL_SAFE.test(value)) throw new DomainError('BASE64URL_EXPECTED', MESSAGES.BASE64URL_EXPECTED);
  return base64ToBytes(value, 'url');
}

/** Encodes bytes as URL-safe base64 without padding. */
export function encodeBase64Url(bytes: Uint8Array): string {
  return bytesToBase64(bytes, 'url');
}
