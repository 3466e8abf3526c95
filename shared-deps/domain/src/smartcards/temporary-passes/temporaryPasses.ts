/**
 * Temporary passes and smartcard requests (admin-console §2.3 "Temporary passes screen", §3
 * "Temporary pass", §5, §7 passes table, §9). Wire types and the pure rules: pass number format,
 * statuses, and the validDate / expirationDate of a chosen day in the tenant's time zone.
 */
import { TEMP_PASS_NUMBER_WIDTH } from '../constants';
import { padPassNumber } from './padPassNumber';

/** Pass (card) types: issued to a known user (`positive`) or to a guest (the assign paths of §7). */
export const PASS_TYPES = ['positive', 'guest'] as const;
/** A pass type. */
export type PassType = (typeof PASS_TYPES)[number];

/**
 * Pass statuses (designed). Only AVAILABLE can be issued; RETURNED, MISPLACED and INACTIVE cannot be
 * used until activated again, which makes them AVAILABLE.
 */
export const PASS_STATUSES = ['AVAILABLE', 'ISSUED', 'RETURNED', 'MISPLACED', 'INACTIVE'] as const;
/** A pass status. */
export type PassStatus = (typeof PASS_STATUSES)[number];

/** Reasons of a misplaced pass (admin-console §2.3 "lost or stolen"). */
export const MISPLACED_REASONS = ['lost', 'stolen'] as const;
/** A misplaced reason. */
export type MisplacedReason = (typeof MISPLACED_REASONS)[number];

/** Activation statuses of `POST /api/smartcards/temporary/activation`. */
export const PASS_ACTIVATION_STATUSES = ['active', 'inactive'] as const;
/** An activation status. */
export type PassActivationStatus = (typeof PASS_ACTIVATION_STATUSES)[number];

/** A pass as the API answers it (admin-console §3). */
export interface TemporaryPass {
  passNumber: string;
  cardType: PassType;
  status: PassStatus;
  /** Holder's user id (positive passes), else null. */
  userID: string | null;
  /** Holder's username (positive passes), else null. */
  username: string | null;
  givenName: string | null;
  lastName: string | null;
  /** Start of the valid day (ISO instant), while issued. */
  validDate: string | null;
  /** 23:59:59 of the valid day (ISO instant), while issued. */
  expirationDate: string | null;
  /** Why the pass is misplaced (lost, stolen). */
  reason: string | null;
  updatedAt: string;
}

/** `GET /api/smartcards/temporary`: issued and available lists, plus the passes that need reactivating. */
export interface TemporaryPassLists {
  issued: TemporaryPass[];
  available: TemporaryPass[];
  /** Returned, misplaced or inactive passes: unusable until activated. */
  unavailable: TemporaryPass[];
  /** The tenant's time zone, in which a chosen day runs from 00:00 to 23:59:59. */
  timeZone: string;
}

/** An account a pass can be issued to (`GET /api/smartcards/temporary/accounts`). */
export interface TemporaryPassAccount {
  userID: string;
  username: string;
  givenName: string;
  lastName: string;
}

/** `GET /api/smartcards/temporary/availability/{type}/{passNumber}`: one item, its status first. */
export type PassAvailability = [{ status: PassStatus; passNumber: string; cardType: PassType; available: boolean }];

/** `POST /api/smartcards/temporary/positive/assign`. */
export interface AssignPositivePassRequest {
  passNumber: string;
  userID: string;
  validDate: string;
  expirationDate: string;
}

/** `POST /api/smartcards/temporary/guest/assign` (201). */
export interface AssignGuestPassRequest {
  givenName: string;
  lastName: string;
  passNumber: string;
  validDate: string;
  expirationDate: string;
}

/** `POST /api/smartcards/temporary/return`. */
export interface ReturnPassRequest {
  passNumber: string;
}

/** `POST /api/smartcards/temporary/misplaced`. */
export interface MisplacedPassRequest {
  reason: MisplacedReason;
  passNumber: string;
}

/** `POST /api/smartcards/temporary/activation`. */
export interface PassActivationRequest {
  status: PassActivationStatus;
  passNumber: string;
}

/** `POST /api/smartcards/temporary/batch/print` (201). */
export interface BatchPrintRequest {
  quantity: number;
  cardType: PassType;
  /** designed (issue 16): print the new passes on this printer of the caller's CMS Client, with `cardTemplateId`'s layout. */
  printer?: string;
  /** The card template whose layout the passes are printed with (its text fields take the extensions `passNumber` and `cardType`). */
  cardTemplateId?: string;
}

/** Answer of the batch print: the request and the pass numbers it added to the stock. */
export interface BatchPrintResponse {
  requestId: string;
  passNumbers: string[];
  /** With a printer: the passes printed, in order (issue 16). */
  printed?: { passNumber: string; printedCardId: string }[];
  /** With a printer: the pass whose printing failed (the later ones were not printed; all stay in stock), or null. */
  printFailure?: { passNumber: string; message: string } | null;
}

/** `POST /api/dps/smartcard-request`. */
export interface SmartcardRequestRequest {
  /** Every user of the tenant except `exclusionList`. */
  selectAll: boolean;
  /** User ids. */
  inclusionList: string[];
  /** User ids left out (with selectAll). */
  exclusionList: string[];
  /** Usernames (pasted in bulk). */
  bulkInclusionList: string[];
  options: { comment?: string; priority?: 'normal' | 'urgent' };
}

/** Answer of the smartcard request (designed; the spec does not show it). */
export interface SmartcardRequestResponse {
  requested: number;
  requestIds: string[];
}

/** Largest pass number (5 digits). */
export const MAX_PASS_NUMBER = 10 ** TEMP_PASS_NUMBER_WIDTH - 1;

/**
 * The pass number padded to 5 characters (admin-console §5), or null when it is not 1–5 digits. Letters
 * or other characters are refused rather than padded.
 */
export function normalisePassNumber(raw: string | number): string | null {
  const text = String(raw).trim();
  if (!/^\d{1,5}$/.test(text)) return null;
  return padPassNumber(text);
}

/** Offset (ms) of `timeZone` from UTC at the instant `utcMs`. @throws RangeError for an unknown zone */
export function timeZoneOffsetMs(utcMs: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(utcMs));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - (utcMs - (utcMs % 1000 + 1000) % 1000);
}

/** The UTC instant of a wall-clock time in `timeZone` (two passes, so DST edges land right). */
function zonedToUtc(year: number, month: number, day: number, h: number, m: number, s: number, timeZone: string): number {
  const wall = Date.UTC(year, month - 1, day, h, m, s);
  let utc = wall - timeZoneOffsetMs(wall, timeZone);
  utc = wall - timeZoneOffsetMs(utc, timeZone);
  return utc;
}

/** Is this a real time zone name? */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The calendar day (YYYY-MM-DD) of an instant in `timeZone`. */
export function dayInTimeZone(utcMs: number, timeZone: string): string {
  const local = new Date(utcMs + timeZoneOffsetMs(utcMs, timeZone));
  return local.toISOString().slice(0, 10);
}

/**
 * validDate and expirationDate of a pass for the chosen day (admin-console §5, §9): the start of the
 * day and 23:59:59 of the same day, in the tenant's time zone, as ISO instants. `day` is YYYY-MM-DD;
 * null when it is not a real date.
 */
export function passValidity(day: string, timeZone: string): { validDate: string; expirationDate: string } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [y, mo, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(y, mo - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  return {
    validDate: new Date(zonedToUtc(y, mo, d, 0, 0, 0, timeZone)).toISOString(),
    expirationDate: new Date(zonedToUtc(y, mo, d, 23, 59, 59, timeZone)).toISOString(),
  };
}
