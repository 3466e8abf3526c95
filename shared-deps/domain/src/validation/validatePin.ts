/** PIN rule (signin §5): 6 to 8 digits by default; card PIN requirements from the server override it. */
import { DEFAULT_PIN_MAX_LENGTH, DEFAULT_PIN_MIN_LENGTH } from '../constants';
import { pinLengthMessage } from '../messages';

/** Card PIN requirements (signin §3 reader `pinRequirements`); the default applies when the server call fails (signin §5). */
export interface PinRequirements {
  /** @default 6 */
  minLength?: number;
  /** @default 8 */
  maxLength?: number;
  /** The message to show instead of the default (signin §3 `pinRequirementDescriptionOverride`). */
  message?: string;
}

/**
 * The error text for a PIN, or null: digits only, between the minimum and maximum length;
 * by default 'PIN must be between 6-8 numbers' (signin §5).
 */
export function validatePin(pin: string, requirements: PinRequirements = {}): string | null {
  const { minLength = DEFAULT_PIN_MIN_LENGTH, maxLength = DEFAULT_PIN_MAX_LENGTH, message } = requirements;
  const ok = /^\d+$/.test(pin) && pin.length >= minLength && pin.length <= maxLength;
  return ok ? null : (message ?? pinLengthMessage(minLength, maxLength));
}
