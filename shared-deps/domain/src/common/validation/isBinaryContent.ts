/** Binary file detection (signin §5): a null byte, or more than 10% control characters. */

/** Share of control characters above which content is binary (signin §5). */
export const BINARY_CONTROL_RATIO = 0.1;

/**
 * Whether file content is binary (signin §5): it contains a null byte, or more than 10% of its bytes
 * are control characters (below 32 except tab, line feed and carriage return, which text files
 * carry, or 127). Empty content is not binary.
 */
export function isBinaryContent(bytes: Uint8Array): boolean {
  if (bytes.length === 0) return false;
  let control = 0;
  for (const byte of bytes) {
    if (byte === 0) return true;
    if ((byte < 32 && byte !== 9 && byte !== 10 && byte !== 13) || byte === 127) control += 1;
  }
  return control / bytes.length > BINARY_CONTROL_RATIO;
}
