/** Integer rule (admin-console §5): digits only and a safe integer; empty is allowed by default. */
import { COMMON_MESSAGES as MESSAGES } from '../messages';

/** Options of {@link validateInteger}. */
export interface ValidateIntegerOptions {
  /** Reject an empty value. @default false */
  required?: boolean;
}

const DIGITS = /^\d+$/;

/** The error text for an integer field, or null (admin-console §5). */
export function validateInteger(value: string, { required = false }: ValidateIntegerOptions = {}): string | null {
  if (value === '') return required ? MESSAGES.VALUE_REQUIRED : null;
  if (!DIGITS.test(value) || !Number.isSafeInteger(Number(value))) return MESSAGES.INTEGER_INVALID;
  return null;
}
