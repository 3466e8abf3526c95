/** PIN rule (signin §5): 6 to 8 digits by default; card PIN requirements from the server override it. */
import { DEFAULT_PIN_MAX_LENGTH, DEFAULT_PIN_MIN_LENGTH } from './constants';
import { pinRequirementsDescription } from './messages';

/** Card PIN requirements (signin §3 reader `pinRequirements`); the default applies when the server call fails (signin §5). */
export interface PinRequirements {
  /** @default 6 */
  minLength?: number;
  /** @default 8 */
  maxLength?: number;
  /**
   * Only the digits 0–9. When false, any printable ASCII character but the space (0x21–0x7e), the
   * characters the server's ValidatePin accepts. @default true
   */
  digitsOnly?: boolean;
  /** The message to show instead of the generated one (signin §3 `pinRequirementDescriptionOverride`). */
  message?: string;
}

const DIGITS = /^\d+$/;
const PRINTABLE = /^[\x21-\x7e]+$/;

/**
 * The error text for a PIN, or null: digits only (unless the requirements allow other characters),
 * between the minimum and maximum length; by default 'PIN must be between 6-8 numbers' (signin §5).
 */
export function validatePin(pin: string, requirements: PinRequirements = {}): string | null {
  const { minLength = DEFAULT_PIN_MIN_LENGTH, maxLength = DEFAULT_PIN_MAX_LENGTH, digitsOnly = true, message } = requirements;
  const ok = (digitsOnly ? DIGITS : PRINTABLE).test(pin) && pin.length >= minLength && pin.length <= maxLength;
  return ok ? null : (message ?? pinRequirementsDescription({ minLength, maxLength, digitsOnly }));
}
