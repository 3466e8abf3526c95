/**
 * The form's first check of a new passphrase (issue 15): what any card takes (printable ASCII without spaces, the PIV
 * 6–8 byte limit, a letter); whether the card's template allows a passphrase at all, and its lengths, the server
 * answers with the field named (domain validatePassphrase), because the form does not know the card's template.
 */
import { validatePassphrase } from '@tessera/domain';

/** The error text for a new passphrase, or null. */
export function validatePassphraseInput(passphrase: string): string | null {
  return validatePassphrase(passphrase, { digitsOnly: false });
}
