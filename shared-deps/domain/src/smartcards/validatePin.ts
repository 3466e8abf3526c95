/** PIN rule (signin §5): 6 to 8 digits by default; card PIN requirements from the server override it within what a PIV card takes. */
import { DEFAULT_PIN_MAX_LENGTH, DEFAULT_PIN_MIN_LENGTH, PIV_PIN_LENGTH } from './constants';
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
 * The lengths are held to what a PIV card takes ({@link PIV_PIN_LENGTH}, 6 to 8), so that requirements
 * stored before that limit was enforced cannot let through a PIN the card would refuse. The browser,
 * the CLI and the server all check a PIN with this function.
 */
export function validatePin(pin: string, requirements: PinRequirements = {}): string | null {
  const { digitsOnly = true, message } = requirements;
  const minLength = Math.min(Math.max(requirements.minLength ?? DEFAULT_PIN_MIN_LENGTH, PIV_PIN_LENGTH.min), PIV_PIN_LENGTH.max);
  const maxLength = Math.max(Math.min(requirements.maxLength ?? DEFAULT_PIN_MAX_LENGTH, PIV_PIN_LENGTH.max), minLength);
  const ok = (digitsOnly ? DIGITS : PRINTABLE).test(pin) && pin.length >= minLength && pin.length <= maxLength;
  return ok ? null : (message ?? pinRequirementsDescription({ minLength, maxLength, digitsOnly }));
}
