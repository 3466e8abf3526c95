/** The rules of a tenant's card PIN policy as an administrator sets it (signin §3 pinRequirements, §5). */
import { PIN_DESCRIPTION_MAX_LENGTH, PIN_POLICY_MAX_LENGTH, PIN_POLICY_MIN_LENGTH } from './constants';
import { SMARTCARD_MESSAGES as MESSAGES } from './messages';

/** A PIN policy to check: lengths as typed (numbers or form text), and the optional description override. */
export interface PinPolicyInput {
  minLength: number | string;
  maxLength: number | string;
  /** The override text; empty or null means the generated description. */
  description?: string | null;
}

/** Field errors of a PIN policy, by field name. */
export type PinPolicyErrors = Partial<Record<'minLength' | 'maxLength' | 'description', string>>;

const CONTROL = /[\u0000-\u001f\u007f]/;

function lengthOf(value: number | string): number | null {
  const n = typeof value === 'number' ? value : /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(n) && n >= PIN_POLICY_MIN_LENGTH && n <= PIN_POLICY_MAX_LENGTH ? n : null;
}

/**
 * The field errors of a PIN policy (empty when it is valid): each length a whole number a PIV card takes
 * (6 to 8, {@link PIN_POLICY_MIN_LENGTH}..{@link PIN_POLICY_MAX_LENGTH}, SP 800-73-4), the minimum not
 * above the maximum, the description single-line and at most 200 characters. The browser form and the
 * server (`PUT /api2/CMS-v2/PinRequirementsConfig`) both call this, so they refuse with the same field
 * and text (docs/api.md PinRequirementsConfig).
 */
export function validatePinPolicy(input: PinPolicyInput): PinPolicyErrors {
  const errors: PinPolicyErrors = {};
  const min = lengthOf(input.minLength);
  const max = lengthOf(input.maxLength);
  if (min === null) errors.minLength = MESSAGES.PIN_POLICY_LENGTH_RANGE;
  if (max === null) errors.maxLength = MESSAGES.PIN_POLICY_LENGTH_RANGE;
  if (min !== null && max !== null && min > max) errors.minLength = MESSAGES.PIN_POLICY_MIN_ABOVE_MAX;
  const description = input.description ?? '';
  if (description.length > PIN_DESCRIPTION_MAX_LENGTH || CONTROL.test(description)) errors.description = MESSAGES.PIN_POLICY_DESCRIPTION_INVALID;
  return errors;
}
