/**
 * Card passphrases (issue 15 "A passphrase is the alphanumeric form of the PIN that a card template may allow, within
 * the same limit"; signin §4 change passphrase, §7 ChangePassphrase, ResetPinPassphrase, AuthSmartcardPassphrase).
 * The card holds one secret, the PIV PIN (6–8 bytes); a passphrase is that secret with letters in it. A card template
 * allows passphrases when its PIN rules are not digits only.
 */
import { validatePin, type PinRequirements } from './validatePin';
import { SMARTCARD_MESSAGES as MESSAGES } from './messages';

const LETTER = /[A-Za-z]/;

/** Does a card template with these PIN rules allow a passphrase? */
export function allowsPassphrase(requirements: PinRequirements): boolean {
  return requirements.digitsOnly === false;
}

/**
 * The error text for a passphrase, or null: the template must allow passphrases; the passphrase must hold at least
 * one letter (else it is a PIN) and meet the template's PIN rules (printable ASCII without spaces, within its lengths
 * and the PIV 6–8 byte limit).
 */
export function validatePassphrase(passphrase: string, requirements: PinRequirements): string | null {
  if (!allowsPassphrase(requirements)) return MESSAGES.PASSPHRASE_NOT_ALLOWED;
  const problem = validatePin(passphrase, requirements);
  if (problem) return problem;
  return LETTER.test(passphrase) ? null : MESSAGES.PASSPHRASE_NEEDS_LETTER;
}
