/** Hex rule (signin §5 "Hex strings must have even length"; signin §8 'invalid hex string'). */
import { DomainError } from '../errors';
import { COMMON_MESSAGES as MESSAGES } from '../messages';

/** Decodes a hex string (either case). Throws a {@link DomainError} 'invalid hex string' for an odd length or a non-hex character. */
export function hexToBytes(hex: string): Uint8Array {
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) throw new DomainError('HEX_INVALID', MESSAGES.HEX_INVALID);
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i += 1) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** Encodes bytes as lower-case hex. */
export function bytesToHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
