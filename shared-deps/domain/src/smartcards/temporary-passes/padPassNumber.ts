/** Temporary pass numbers (admin-console §5, §9): left-padded with zeros to 5 characters. */
import { TEMP_PASS_NUMBER_WIDTH } from '../constants';

/** The pass number as sent or checked for availability: zero-padded on the left to 5 characters (admin-console §5). */
export function padPassNumber(passNumber: string | number): string {
  return String(passNumber).trim().padStart(TEMP_PASS_NUMBER_WIDTH, '0');
}
