/**
 * Temporary replacement cards (issue 15; signin §3 "Temporary card configuration: defaultDuration (integer),
 * unlimitedIsDefault", "Smartcard of a user: status (assigned or issued are the values that matter),
 * extensions.temporary_card"; §7 TemporaryCardConfiguration, IssueTemporaryCard {card_request, old_card_id,
 * validity_duration}, AssignTemporaryCard, TemporarilyReplacedBy, TemporarilyReplaces; admin-console §3 "temporary
 * card config, user smartcards, replaces and replacedBy").
 *
 * A temporary card stands in for a user's card for a while (the card left at home): the replaced card is suspended
 * (its certificates on hold) while the temporary card is in use, and when the temporary card expires its
 * certificates are revoked, it is `expired`, and the replaced card resumes the status it had.
 * Durations are whole days (designed: the spec says only "integer"); 0 means unlimited.
 */
import type { IssueCardRequest, Smartcard, SmartcardStatus } from '../cards/cards';

/** signin §3 "Temporary card configuration". */
export interface TemporaryCardConfiguration {
  /** Days a temporary card is valid when the operator does not say (0: unlimited). */
  defaultDuration: number;
  /** Whether the issue form starts with "unlimited" chosen. */
  unlimitedIsDefault: boolean;
}

/** What the server answers when the tenant has set nothing: 0 with unlimited (issue 15 "fallback 0 with unlimited"). */
export const TEMPORARY_CARD_CONFIGURATION_FALLBACK: Readonly<TemporaryCardConfiguration> = Object.freeze({ defaultDuration: 0, unlimitedIsDefault: true });

/** Longest validity of a temporary card, days (designed: a year; a longer need is a new card). */
export const TEMPORARY_CARD_MAX_DAYS = 365;

/** The extension keys a temporary card and the card it replaces carry (extensions of the card record). */
export const TEMPORARY_CARD_EXTENSIONS = Object.freeze({
  /** signin §3 extensions.temporary_card: true on a temporary card. */
  temporaryCard: 'temporary_card',
  /** On a temporary card: the id of the card it replaces. */
  replaces: 'temporarily_replaces',
  /** On a temporary card: when it expires (ISO 8601), or null when unlimited. */
  expiresAt: 'temporary_card_expires_at',
  /** On a replaced card: the id of the temporary card that replaces it now (cleared when that one expires). */
  replacedBy: 'temporarily_replaced_by',
} as const);

/** The statuses a card must have to be replaced by a temporary card (signin §3: "assigned or issued are the values that matter"). */
export const REPLACEABLE_STATUSES: readonly SmartcardStatus[] = ['assigned', 'issued'];

/** Texts of temporary cards (designed, except where quoted). */
export const TEMPORARY_CARD_MESSAGES = Object.freeze({
  ISSUED: 'Temporary card issued',
  ISSUE_FAILED: 'Temporary card could not be issued',
  ASSIGNED: 'Temporary card assigned',
  ASSIGN_FAILED: 'Temporary card could not be assigned',
  CONFIGURATION_SAVED: 'Temporary card configuration saved',
  CONFIGURATION_SAVE_FAILED: 'Temporary card configuration could not be saved',
  NOT_REPLACEABLE: 'Only an assigned or issued card that is not itself a temporary card can be replaced.',
  ALREADY_REPLACED: 'This card is already replaced by a temporary card that has not expired.',
  OTHER_USER: 'The card to replace belongs to another user.',
  DURATION_RANGE: `must be a whole number of days from 0 (unlimited) to ${TEMPORARY_CARD_MAX_DAYS}`,
  EXPIRED: 'This temporary card has expired.',
  NO_CARDS: 'This user has no assigned or issued card to replace.',
  EXPIRY_UPDATED: 'Smartcard expiry updated',
  NOT_TEMPORARY: 'Only a temporary card has an expiry.',
  EXPIRY_RANGE: `must be a date and time after now and at most ${TEMPORARY_CARD_MAX_DAYS} days away, or null (unlimited)`,
} as const);

/** `POST IssueTemporaryCard` (signin §7): the issue of the new card, the card it replaces, and its validity in days (0: unlimited; absent: the tenant's default). */
export interface IssueTemporaryCardRequest {
  card_request: IssueCardRequest;
  old_card_id: string;
  validity_duration?: number;
}

/** `POST AssignTemporaryCard` (designed after AssignCard {card_id, user_id, card_template_id, extensions}): a registered card assigned as a temporary card. */
export interface AssignTemporaryCardRequest {
  card_id: string;
  user_id: string;
  card_template_id: string;
  old_card_id: string;
  validity_duration?: number;
}

/** Is this card record a temporary card (extensions.temporary_card)? */
export function isTemporaryCard(card: Pick<Smartcard, 'extensions'>): boolean {
  return card.extensions[TEMPORARY_CARD_EXTENSIONS.temporaryCard] === true;
}

/**
 * The cards of a user that a temporary card may replace (signin §4 "temporary card list"): not temporary cards
 * themselves, and assigned or issued (a replaced card is suspended, so it drops out while it is replaced).
 */
export function cardsReplaceableByTemporary<T extends Pick<Smartcard, 'status' | 'extensions'>>(cards: readonly T[]): T[] {
  return cards.filter((card) => !isTemporaryCard(card) && REPLACEABLE_STATUSES.includes(card.status));
}

/** Checks a validity in days. Returns the error text (for the field `validity_duration`) or null. */
export function validateTemporaryDuration(days: unknown): string | null {
  return typeof days === 'number' && Number.isInteger(days) && days >= 0 && days <= TEMPORARY_CARD_MAX_DAYS ? null : TEMPORARY_CARD_MESSAGES.DURATION_RANGE;
}

/** The validity to use: the one asked for, else the tenant's (unlimited when the tenant says unlimited is the default). */
export function temporaryValidityDays(asked: number | undefined, configuration: TemporaryCardConfiguration): number {
  if (asked !== undefined) return asked;
  return configuration.unlimitedIsDefault ? 0 : configuration.defaultDuration;
}

/** When a temporary card issued at `nowMs` for `days` expires (ISO 8601), or null for 0 (unlimited). */
export function temporaryCardExpiry(nowMs: number, days: number): string | null {
  return days === 0 ? null : new Date(nowMs + days * 86_400_000).toISOString();
}

/** Has this card passed the end of its validity as a temporary card? (A card that is not temporary, or unlimited, never has.) */
export function isTemporaryCardExpired(card: Pick<Smartcard, 'extensions'>, nowMs: number): boolean {
  if (!isTemporaryCard(card)) return false;
  const at = card.extensions[TEMPORARY_CARD_EXTENSIONS.expiresAt];
  return typeof at === 'string' && Date.parse(at) <= nowMs;
}

/** `PUT SmartcardExpiry` (designed; admin-console §8 'An error occurred while sending request to update smartcard expiry'): a temporary card's new expiry, null for unlimited. */
export interface UpdateSmartcardExpiryRequest {
  smartcard_id: string;
  /** ISO 8601, or null (unlimited). */
  expiresAt: string | null;
}

/** Checks a temporary card's new expiry at `nowMs`. Returns the error text (for the field `expiresAt`) or null. */
export function validateTemporaryExpiry(expiresAt: unknown, nowMs: number): string | null {
  if (expiresAt === null) return null;
  if (typeof expiresAt !== 'string' || !/^\d{4}-\d{2}-\d{2}T/.test(expiresAt)) return TEMPORARY_CARD_MESSAGES.EXPIRY_RANGE;
  const at = Date.parse(expiresAt);
  return Number.isFinite(at) && at > nowMs && at <= nowMs + TEMPORARY_CARD_MAX_DAYS * 86_400_000 ? null : TEMPORARY_CARD_MESSAGES.EXPIRY_RANGE;
}
