/** Month format rule (admin-console §5): MM-YYYY, else 'Invalid Date'. */
import { COMMON_MESSAGES as MESSAGES } from '../messages';

const MONTH = /^(0[1-9]|1[0-2])-\d{4}$/;

/** 'Invalid Date' unless `value` is a month as MM-YYYY (01–12); null when valid (admin-console §5). */
export function validateMonthFormat(value: string): string | null {
  return MONTH.test(value) ? null : MESSAGES.INVALID_DATE;
}
