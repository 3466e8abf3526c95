/**
 * Texts of smartcards: the card PIN, the CMS client, temporary passes and the tenant PIN policy (signin §5, §8; admin-console §8).
 * Quoted texts are the spec's, character for character; the others are marked "designed".
 */
import { PIN_DESCRIPTION_MAX_LENGTH, PIN_POLICY_MAX_LENGTH, PIN_POLICY_MIN_LENGTH } from './constants';

/** PIN length message for given bounds (signin §5; the default bounds give 'PIN must be between 6-8 numbers'). */
export function pinLengthMessage(min: number, max: number): string {
  return `PIN must be between ${min}-${max} numbers`;
}

/**
 * The generated description of card PIN requirements, shown when the tenant sets no override (signin §3
 * pinRequirements). Digits only gives the spec's 'PIN must be between 6-8 numbers' form; otherwise
 * 'PIN must be between 4-6 characters' (designed).
 */
export function pinRequirementsDescription(requirements: { minLength: number; maxLength: number; digitsOnly: boolean }): string {
  const { minLength, maxLength, digitsOnly } = requirements;
  return digitsOnly ? pinLengthMessage(minLength, maxLength) : `PIN must be between ${minLength}-${maxLength} characters`;
}

/** The smartcards texts, by code (merged into `MESSAGES`). */
export const SMARTCARD_MESSAGES = Object.freeze({
  // signin §5, §8 low-level texts
  PIN_LENGTH: pinLengthMessage(6, 8),
  pinRequirementsDescription,

  // signin §8 error toasts
  NO_CMS_CLIENT: 'No CMS Client connected',
  CMS_CLIENT_UNREACHABLE: 'Unable to connect to local CMS Client',
  CMS_CLIENT_HINT: 'Ensure that your security client is running.',
  INCORRECT_PIN: 'Incorrect PIN.',
  INCORRECT_PIN_PROVIDED: 'Incorrect PIN provided.',
  PIN_VALIDATION_FAILED: 'Error validating Card PIN',

  // signin §8 success toasts
  PIN_VALIDATED: 'PIN validated successfully',

  // admin-console §8 temporary passes and smartcard requests (issue 6)
  SMARTCARD_REQUEST_SUCCESS: 'Successfully processed smartcard request',
  SMARTCARD_REQUEST_FAILED: 'An error occurred while sending smartcard request',
  GALLAGHER_CARD_STATUS_UPDATED: 'Successfully updated card status',
  GALLAGHER_CARD_STATUS_FAILED: 'Unable to update card status',
  PASS_CARD_STATUS_UPDATED: 'Card status updated',
  PASS_CARD_STATUS_FAILED: 'An error occurred while updating card status',
  PASSES_FETCH_FAILED: 'An error occurred while retrieving temporary smartcards',
  PASS_ISSUED: 'Temporary pass issued',
  PASS_ISSUE_FAILED: 'Failed to issue temporary pass',
  GUEST_PASS_ISSUED: 'Temporary guest pass issued',
  GUEST_PASS_ISSUE_FAILED: 'Failed to issue temporary guest pass',
  PASS_PRINT_REQUESTED: 'Successfully sent request to print temporary smartcards',
  PASS_PRINT_FAILED: 'An error occurred while sending request to print temporary smartcards',
  SMARTCARD_EXPIRY_UPDATE_FAILED: 'An error occurred while sending request to update smartcard expiry',
  /** designed: a pass number that is not 1–5 digits (admin-console §5 pads digits only). */
  PASS_NUMBER_INVALID: 'The pass number must be 1 to 5 digits.',

  // Secret questions and self-service PIN reset (signin §5, §8; designed texts except the quoted ones)
  /** signin §8 */
  PIN_RESET_FAILED: 'Could not reset card PIN',
  SECRET_QUESTIONS_COUNT: 'Choose and answer exactly 3 questions.',
  SECRET_QUESTION_CHOOSE: 'Choose one of the listed questions.',
  SECRET_QUESTION_OWN_INVALID: 'Write your question: at most 200 characters, on one line.',
  SECRET_QUESTION_REPEATED: 'Choose a different question for each answer.',
  SECRET_ANSWER_LENGTH: 'An answer must be 2 to 200 characters.',
  SECRET_QUESTIONS_SAVED: 'Secret questions saved',
  SECRET_QUESTIONS_SAVE_FAILED: 'Could not save the secret questions',
  SECRET_QUESTIONS_ALREADY_SET: 'Secret questions are already set. Request a reset link to change them.',
  SECRET_QUESTIONS_NOT_SET: 'No secret questions are set for this card.',
  SECRET_QUESTIONS_REQUIRED: 'Secret questions must be set before a card is issued or reissued.',
  SECRET_ANSWERS_WRONG: 'The answers do not match.',
  PIN_RESET_DONE: 'The card PIN has been reset',

  // PIN policy of the tenant (issue 5; designed texts: the spec names only the requirements and their override)
  /** designed: a length outside what a PIV card takes (SP 800-73-4), or not a whole number. */
  PIN_POLICY_LENGTH_RANGE: `Enter a whole number from ${PIN_POLICY_MIN_LENGTH} to ${PIN_POLICY_MAX_LENGTH}: a PIV card takes a PIN of ${PIN_POLICY_MIN_LENGTH} to ${PIN_POLICY_MAX_LENGTH} characters.`,
  PIN_POLICY_MIN_ABOVE_MAX: 'The minimum length must not be greater than the maximum length.',
  PIN_POLICY_DESCRIPTION_INVALID: `The description must be at most ${PIN_DESCRIPTION_MAX_LENGTH} characters, without control characters.`,
  PIN_POLICY_LOAD_FAILED: 'Could not load the PIN policy',
  PIN_POLICY_SAVED: 'PIN policy saved',
  PIN_POLICY_SAVE_FAILED: 'Could not save the PIN policy',
  PIN_POLICY_RESET: 'PIN policy reset to the default',
  PIN_POLICY_RESET_FAILED: 'Could not reset the PIN policy',

  // Card templates (issue 15; designed texts: the spec names only the call CardTemplates?tenancy and cardTemplateId)
  CARD_TEMPLATE_NAME_INVALID: 'The card template name must be 1 to 100 characters, without control characters.',
  CARD_TEMPLATE_SLOTS_EMPTY: 'A card template needs one to four PIV slots (9A, 9C, 9D, 9E).',
  CARD_TEMPLATE_SLOT_INVALID: 'The slot must be one of 9A, 9C, 9D, 9E.',
  CARD_TEMPLATE_SLOT_DUPLICATE: 'Each PIV slot may appear only once in a card template.',
  CARD_TEMPLATE_CERTIFICATE_TEMPLATE_REQUIRED: 'Name the certificate template issued into this slot (at most 200 characters).',
  CARD_TEMPLATE_KEY_TYPE_INVALID: 'The key type must be one of P-256, P-384, RSA-2048: the key pairs a PIV card generates.',
  CARD_TEMPLATE_PIN_INVALID: 'The PIN rules must be an object {minLength, maxLength, digitsOnly}, or absent for the tenant PIN policy.',
  CARD_TEMPLATE_DIGITS_ONLY: 'digitsOnly must be true or false.',
  CARD_TEMPLATE_RETRIES_RANGE: 'Enter a whole number from 1 to 15: the retry counter a PIV card keeps.',
  CARD_TEMPLATE_SEED_SHAPE: 'The file must hold cardTemplates: a list of 1 to 100 card templates.',
  CARD_TEMPLATE_SEED_DUPLICATE_NAME: 'Each card template name may appear only once in the file.',
  CARD_TEMPLATE_NAME_TAKEN: 'A card template with this name already exists.',
  /** The certificate template a slot names is not one of the tenant's. */
  CARD_TEMPLATE_UNKNOWN_CERTIFICATE_TEMPLATE: 'No certificate template of this tenant has this name.',
  /** The certificate template does not allow the slot's key family (admin-console §5 keyTypes). */
  CARD_TEMPLATE_KEY_TYPE_NOT_ALLOWED: 'The certificate template does not allow this key type.',
  CARD_TEMPLATES_LOAD_FAILED: 'Could not load the card templates',
  CARD_TEMPLATE_LOAD_FAILED: 'Could not load the card template',
  CARD_TEMPLATE_SAVED: 'Card template saved',
  CARD_TEMPLATE_SAVE_FAILED: 'Could not save the card template',

  // Card actions (signin §8 toasts; issue 15)
  SMARTCARD_ISSUED: 'Smartcard issued successfully!',
  SMARTCARD_ISSUE_FAILED: 'Smartcard could not be issued',
  /** designed: IssueCard on a card the server already has a record of (clean it first). */
  SMARTCARD_ALREADY_KNOWN: 'This card already has a record: clean it before issuing it again.',
  /** designed: a card template slot whose key type the issue cannot yet sign a request with. */
  SMARTCARD_KEY_TYPE_UNSUPPORTED: 'Issuing RSA-2048 slots is not supported yet; use P-256 or P-384.',
  /** designed: the PKI did not issue a certificate for a slot. */
  SMARTCARD_CERTIFICATE_REFUSED: 'The PKI did not issue the certificate of a slot',
  PIN_CHANGED: 'Successfully changed PIN',
  PIN_CHANGE_FAILED: 'Could not change card PIN.',
  /** designed: an action on a card the server has no record of (it was never issued by Tessera, or was cleaned). */
  SMARTCARD_UNKNOWN: 'This card has no record in Tessera.',
  /** designed: the revoke of a card whose certificates the PKI would not all revoke (signin §8 certRevokeError). */
  SMARTCARD_REVOKE_PARTIAL: 'Some certificates of the card could not be revoked',
  /** designed: unblock of a card whose PUK the server does not hold. */
  SMARTCARD_NO_PUK: 'The server holds no PUK for this card.',
  // Card layouts and printers (issue 16; signin §8 toasts are quoted, the rest designed)
  CARD_INSERTED: 'Card inserted successfully!',
  CARD_EJECTED: 'Card ejected successfully!',
  CARD_PRINTED: 'Card printed successfully!',
  CARD_INSERT_FAILED: 'Could not insert card',
  CARD_EJECT_FAILED: 'Could not eject card',
  CARD_PRINT_FAILED: 'Could not print card',
  CARD_LAYOUT_SIDE_INVALID: 'must be a card side with a background and a list of elements',
  CARD_LAYOUT_COLOR: 'must be a colour as #rrggbb',
  CARD_LAYOUT_IMAGE: 'must be a PNG or JPEG data URL of at most 512 KiB',
  CARD_LAYOUT_TOO_MANY_ELEMENTS: 'must be a list of at most 30 elements',
  CARD_LAYOUT_ELEMENT_TYPE: "must be 'text', 'photo', 'qr' or 'barcode'",
  CARD_LAYOUT_SOURCE_INVALID: 'must name a user data field, an extension or a fixed text',
  CARD_LAYOUT_FIELD_INVALID: 'must be one of emailAddress, userName, givenName, familyName, title, orgOid',
  CARD_LAYOUT_EXTENSION_INVALID: 'must be an extension name of 1 to 64 letters, digits, _ or -',
  CARD_LAYOUT_TEXT_INVALID: 'must be a single line of 1 to 200 characters',
  CARD_LAYOUT_FONT_SIZE: 'must be a font size of 1 to 20 mm',
  CARD_LAYOUT_OFF_CARD: 'must stay on the card (85.60 x 53.98 mm)',
  CARD_LAYOUT_QR_SIZE: 'must be a QR code size of 5 to 53.98 mm',
  CARD_LAYOUT_BOLD: 'must be true or false',
  CARD_LAYOUT_BARCODE_SYMBOLOGY: "must be 'code128' or 'pdf417'",
  CARD_LAYOUT_BARCODE_SIZE: 'must be a barcode size of at least 10 x 3 mm, on the card',
  CARD_LAYOUT_USER_DATA_INVALID: 'must be text of at most 500 characters',
  CARD_LAYOUT_SAVED: 'Card layout saved',
  CARD_LAYOUT_SAVE_FAILED: 'Could not save the card layout',
  /** designed: the console's revoke and clean outcomes (signin §4 "each flows processing, then done, with success or failure"). */
  SMARTCARD_REVOKED: 'Smartcard revoked',
  SMARTCARD_REVOKE_FAILED: 'Smartcard could not be revoked',
  SMARTCARD_CLEANED: 'Smartcard cleaned',
  SMARTCARD_CLEAN_FAILED: 'Smartcard could not be cleaned',
  /** designed: the card list or a card record could not be loaded. */
  SMARTCARDS_LOAD_FAILED: 'Could not load the smartcards',
  SMARTCARD_REGISTERED: 'Registered Smartcard',
  SMARTCARD_REGISTER_FAILED: 'Smartcard could not be registered',
  SMARTCARD_UNREGISTERED: 'Smartcard unregistered successfully',
  SMARTCARD_UNREGISTER_FAILED: 'Smartcard could not be unregistered',
  /** designed: AssignCard or UnassignCard on a card that is issued (or being issued): clean or unregister it first. */
  SMARTCARD_NOT_ASSIGNABLE: 'Only a registered or assigned card can be assigned or unassigned.',
  /** designed: the console's assign and unassign outcomes (signin §4 "assign, unassign ... success or failure"). */
  SMARTCARD_ASSIGNED: 'Smartcard assigned',
  SMARTCARD_ASSIGN_FAILED: 'Smartcard could not be assigned',
  SMARTCARD_UNASSIGNED: 'Smartcard unassigned',
  SMARTCARD_UNASSIGN_FAILED: 'Smartcard could not be unassigned',
  /** designed: the issue form names a username the tenant does not have. */
  SMARTCARD_USER_UNKNOWN: 'No user of this tenant has this username.',
  /** designed: suspend and resume of a card (admin-console §2.2 suspensions; issue 15). */
  SMARTCARD_SUSPENDED: 'Smartcard suspended',
  SMARTCARD_SUSPEND_FAILED: 'Smartcard could not be suspended',
  SMARTCARD_RESUMED: 'Smartcard resumed',
  SMARTCARD_RESUME_FAILED: 'Smartcard could not be resumed',
  SMARTCARD_NOT_SUSPENDABLE: 'only a registered, assigned or issued card can be suspended',
  SMARTCARD_NOT_SUSPENDED: 'the card is not suspended',
  /** designed: a suspended card blocks use (issue 15): PIN change and unblock wait for ResumeCard. */
  SMARTCARD_IS_SUSPENDED: 'the card is suspended: resume it first',
  /** ReissueCard (signin §7 {card_id, card_pin, forceRevoke}): the §8 toasts of "reissue or renew certificates". */
  SMARTCARD_REISSUED: 'Certificate renewed successfully!',
  SMARTCARD_REISSUE_FAILED: 'Could not renew card certificates.',
  /** designed: the edit page's outcome (admin-console §2.2 edit/{smartcardID}). */
  SMARTCARD_UPDATED: 'Smartcard updated',
  SMARTCARD_UPDATE_FAILED: 'Smartcard could not be updated',
  SMARTCARD_NOT_REISSUABLE: 'only an issued card with its user, card template and management key can be reissued',
  /** designed: smartcard sign-in (signin §7 AuthSmartcardPIN, AuthSmartcardPassphrase; 'Incorrect PIN.' is the spec's). */
  SMARTCARD_SIGN_IN: 'Sign in with a smartcard',
  SMARTCARD_SIGN_IN_REFUSED: 'This smartcard cannot be used to sign in.',
  SMARTCARD_SIGN_IN_NO_CARD: 'The card is not in a reader of your security client.',
  /** designed: passphrase calls (signin §4 change passphrase; §7 ChangePassphrase, ResetPinPassphrase). */
  PASSPHRASE_NOT_ALLOWED: 'The card template of this card does not allow a passphrase.',
  PASSPHRASE_NEEDS_LETTER: 'A passphrase must contain at least one letter',
  PASSPHRASE_CHANGED: 'Passphrase changed',
  PASSPHRASE_CHANGE_FAILED: 'Could not change the card passphrase',
  PIN_PASSPHRASE_RESET: 'The card PIN or passphrase has been reset',
  PIN_OR_PASSPHRASE_REQUIRED: 'Give either a new PIN or a new passphrase, not both.',
  /** designed: GET ReadCertStore and CardDetails (signin §3, §7). */
  CERT_STORE_READ_FAILED: 'Could not read the certificates on the card',
} as const);
