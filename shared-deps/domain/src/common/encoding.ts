/** Byte ↔ text encodings used by the validation rules. Internal to the package. */
import { DomainError } from './errors';
import { COMMON_MESSAGES as MESSAGES } from './messages';

const STANDARD = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const URL_SAFE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function lookup(alphabet: string): Map<string, number> {
  return new Map([...alphabet].map((char, index) => [char, index]));
}
const STANDARD_LOOKUP = lookup(STANDARD);
const URL_LOOKUP = lookup(URL_SAFE);

/**
 * Decodes base64 (standard or URL-safe alphabet), padding optional. Throws 'invalid Base64 data' for a
 * character outside the alphabet, misplaced padding or an impossible length (signin §8).
 */
export function base64ToBytes(text: string, alphabet: 'standard' | 'url' = 'standard'): Uint8Array {
  const table = alphabet === 'url' ? URL_LOOKUP : STANDARD_LOOKUP;
  const padded = /=+$/.exec(text);
  const body = padded ? text.slice(0, padded.index) : text;
  const invalid = () => new DomainError('BASE64_INVALID', MESSAGES.BASE64_INVALID);
  if (padded && (padded[0].length > 2 || text.length % 4 !== 0)) throw invalid();
  if (body.length % 4 === 1) throw invalid();
  const out = new Uint8Array(Math.floor((body.length * 3) / 4));
  let buffer = 0;
  let bits = 0;
  let index = 0;
  for (const char of body) {
    const value = table.get(char);
    if (value === undefined) throw invalid();
    buffer = (buffer << 6) | value;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[index] = (buffer >> bits) & 0xff;
      index += 1;
    }
  }
  return out;
}

/** Encodes bytes as base64 (standard alphabet with padding, or URL-safe without). */
export function bytesToBase64(bytes: Uint8Array, alphabet: 'standard' | 'url' = 'standard'): string {
  const chars = alphabet === 'url' ? URL_SAFE : STANDARD;
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i]!;
    const b = bytes[i + 1];
    const c = bytes[i + 2];
    out += chars[a >> 2]! + chars[((a & 3) << 4) | ((b ?? 0) >> 4)]!;
    out += b === undefined ? (alphabet === 'url' ? '' : '=') : chars[((b & 15) << 2) | ((c ?? 0) >> 6)]!;
    out += c === undefined ? (alphabet === 'url' ? '' : '=') : chars[c & 63]!;
  }
  return out;
}
