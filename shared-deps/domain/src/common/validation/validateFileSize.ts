/** File size rule (signin §5, §9): at most 10 MB. */
import { MAX_FILE_SIZE_BYTES } from '../constants';
import { COMMON_MESSAGES as MESSAGES } from '../messages';

/** The error text for a file of `sizeBytes` bytes, or null when it is at most 10 MB (signin §5). */
export function validateFileSize(sizeBytes: number): string | null {
  return sizeBytes <= MAX_FILE_SIZE_BYTES ? null : MESSAGES.FILE_TOO_LARGE;
}
