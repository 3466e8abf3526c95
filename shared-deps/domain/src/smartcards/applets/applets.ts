/**
 * The smartcard applet catalogue (issue 16; signin §3 "Smartcard applet: applet_id", §7 SmartcardApplets,
 * SmartcardApplet?applet_id, AddSmartcardApplet, PATCH/DELETE SmartcardApplet, BatchAppletUpload): the
 * limits, texts and checks the server, the console and the CLI share. The CAP file itself is parsed on the
 * server (@tessera/card `parseCap`); what it found (package AID, applet AIDs, version) is what the
 * catalogue shows. All texts here are designed.
 */

/** Limits of the catalogue (designed). A CAP file is at most 1 MiB: JavaCard packages are tens of KB. */
export const APPLET_LIMITS = Object.freeze({
  capMaxBytes: 1024 * 1024,
  nameMaxLength: 100,
  descriptionMaxLength: 500,
  fileNameMaxLength: 200,
  /** Cards in one BatchAppletUpload. */
  cardCountMax: 1000,
  /** How long BatchAppletUpload waits for the next card to be presented, in seconds. */
  cardWaitSeconds: 120,
  pageSizeMax: 100,
});

/** Sort keys of SmartcardApplets. */
export const APPLET_SORT_KEYS = ['name', 'packageAid', 'version', 'createdAt'] as const;
/** A sort key of the applet list. */
export type AppletSortKey = (typeof APPLET_SORT_KEYS)[number];

/** An applet of the catalogue, as every call answers it. */
export interface SmartcardApplet {
  applet_id: string;
  name: string;
  description: string | null;
  fileName: string;
  /** Package (load file) AID, upper-case hex. */
  packageAid: string;
  /** Applet (module) AIDs, upper-case hex. */
  appletAids: string[];
  /** Package version `major.minor`. */
  version: string;
  /** Size of the CAP file in bytes. */
  size: number;
  /** SHA-256 of the CAP file, hex. */
  sha256: string;
  createdAt: string;
  updatedAt: string;
}

/** One card of a BatchAppletUpload. */
export interface AppletUploadCard {
  /** The card's key diversification data (INITIALIZE UPDATE), hex: how the server knows the card and its keys. */
  cardId: string;
  ok: boolean;
  /** What went wrong, when not ok. */
  error: string | null;
  /** The applet instances GET STATUS listed on the card after the upload. */
  installed: string[];
}

/** The answer of BatchAppletUpload. */
export interface AppletUploadResult {
  applet_id: string;
  reader: string;
  cards: AppletUploadCard[];
  succeeded: number;
  failed: number;
}

/** Texts of the applet catalogue (designed). */
export const APPLET_MESSAGES = Object.freeze({
  APPLET_NAME_REQUIRED: 'Enter a name for the applet',
  APPLET_NAME_TOO_LONG: `The name is longer than ${APPLET_LIMITS.nameMaxLength} characters`,
  APPLET_DESCRIPTION_TOO_LONG: `The description is longer than ${APPLET_LIMITS.descriptionMaxLength} characters`,
  APPLET_CAP_REQUIRED: 'Choose a CAP file',
  APPLET_CAP_TOO_LARGE: `The CAP file is larger than ${APPLET_LIMITS.capMaxBytes / 1024} KB`,
  APPLET_CAP_INVALID: 'The file is not a usable JavaCard CAP file',
  APPLET_CAP_NO_APPLET: 'The CAP file holds no applet (a library package cannot be installed)',
  APPLET_PACKAGE_TAKEN: 'An applet with this package AID and version is already in the catalogue',
  APPLET_NOT_FOUND: 'The applet does not exist',
  APPLET_CARD_COUNT: `Enter a number of cards between 1 and ${APPLET_LIMITS.cardCountMax}`,
  APPLET_UPLOADED: 'Applet added to the catalogue',
  APPLET_SAVED: 'Applet saved',
  APPLET_DELETED: 'Applet deleted',
  APPLET_DELETE_CONFIRM: 'Delete this applet from the catalogue? Cards it was installed on keep it.',
  APPLET_NO_CARD: 'No card was presented in time',
});

/** A problem with a field. */
export interface AppletProblem {
  field: string;
  message: string;
}

/** The editable fields (AddSmartcardApplet, PATCH). */
export interface AppletFields {
  name?: string;
  description?: string | null;
}

/** Checks the editable fields; returns the first problem. `requireName` on creation. */
export function validateAppletFields(input: AppletFields, requireName: boolean): AppletProblem | null {
  if (input.name !== undefined || requireName) {
    const name = (input.name ?? '').trim();
    if (name === '') return { field: 'name', message: APPLET_MESSAGES.APPLET_NAME_REQUIRED };
    if (name.length > APPLET_LIMITS.nameMaxLength) return { field: 'name', message: APPLET_MESSAGES.APPLET_NAME_TOO_LONG };
  }
  if (input.description !== undefined && input.description !== null && input.description.length > APPLET_LIMITS.descriptionMaxLength) {
    return { field: 'description', message: APPLET_MESSAGES.APPLET_DESCRIPTION_TOO_LONG };
  }
  return null;
}

/** Checks a card count of BatchAppletUpload. */
export function validateCardCount(count: number): AppletProblem | null {
  if (!Number.isInteger(count) || count < 1 || count > APPLET_LIMITS.cardCountMax) return { field: 'card_count', message: APPLET_MESSAGES.APPLET_CARD_COUNT };
  return null;
}

/** An AID for people: hex in groups of two, e.g. `A0 00 00 08 88 01 01`. */
export function formatAid(aid: string): string {
  return aid.toUpperCase().replace(/(..)(?=.)/g, '$1 ');
}
