import type { Smartcard } from '../cards/cards';
import {
  TEMPORARY_CARD_CONFIGURATION_FALLBACK,
  cardsReplaceableByTemporary,
  isTemporaryCardExpired,
  temporaryCardExpiry,
  temporaryValidityDays,
  validateTemporaryDuration,
  validateTemporaryExpiry,
  TEMPORARY_CARD_MESSAGES,
} from './temporaryCards';

const card = (status: Smartcard['status'], extensions: Record<string, unknown> = {}) => ({ status, extensions });

describe('temporary cards', () => {
  it('should fall back to 0 days with unlimited', () => {
    expect(TEMPORARY_CARD_CONFIGURATION_FALLBACK).toEqual({ defaultDuration: 0, unlimitedIsDefault: true });
  });

  it('should keep only assigned or issued cards that are not temporary cards in the list a temporary card may replace', () => {
    const cards = [card('issued'), card('assigned'), card('issued', { temporary_card: true }), card('registered'), card('revoked'), card('suspended'), card('expired'), card('issued', { temporary_card: false })];
    expect(cardsReplaceableByTemporary(cards)).toEqual([cards[0], cards[1], cards[7]]);
  });

  it('should refuse a duration that is not a whole number of days from 0 to 365', () => {
    for (const bad of [-1, 1.5, 366, '3', null]) expect(validateTemporaryDuration(bad)).toMatch(/from 0 \(unlimited\) to 365/);
    for (const good of [0, 1, 365]) expect(validateTemporaryDuration(good)).toBeNull();
  });

  it('should take the asked validity, else the tenant default unless unlimited is the default', () => {
    expect(temporaryValidityDays(3, { defaultDuration: 7, unlimitedIsDefault: true })).toBe(3);
    expect(temporaryValidityDays(undefined, { defaultDuration: 7, unlimitedIsDefault: false })).toBe(7);
    expect(temporaryValidityDays(undefined, { defaultDuration: 7, unlimitedIsDefault: true })).toBe(0);
  });

  it('should expire a temporary card at the end of its days and never an unlimited or ordinary card', () => {
    const now = Date.parse('2026-11-28T00:00:00Z');
    const expiresAt = temporaryCardExpiry(now, 2);
    expect(expiresAt).toBe('2026-11-30T00:00:00.000Z');
    expect(temporaryCardExpiry(now, 0)).toBeNull();
    const temp = card('issued', { temporary_card: true, temporary_card_expires_at: expiresAt });
    expect(isTemporaryCardExpired(temp, now + 2 * 86_400_000 - 1)).toBe(false);
    expect(isTemporaryCardExpired(temp, now + 2 * 86_400_000)).toBe(true);
    expect(isTemporaryCardExpired(card('issued', { temporary_card: true, temporary_card_expires_at: null }), now * 2)).toBe(false);
    expect(isTemporaryCardExpired(card('issued', { temporary_card_expires_at: expiresAt }), now * 2)).toBe(false);
  });
});

describe('validateTemporaryExpiry', () => {
  const now = Date.parse('2026-11-28T08:00:00Z');
  it('should take a future date within a year, or null for unlimited', () => {
    expect(validateTemporaryExpiry('2026-12-05T23:59:59.000Z', now)).toBeNull();
    expect(validateTemporaryExpiry(new Date(now + 365 * 86_400_000).toISOString(), now)).toBeNull();
    expect(validateTemporaryExpiry(null, now)).toBeNull();
  });
  it('should refuse a past date, one more than a year away, and what is not an ISO date and time', () => {
    for (const bad of ['2026-11-27T08:00:00Z', new Date(now + 366 * 86_400_000).toISOString(), '2026-12-05', 'tomorrow', 5, undefined]) expect(validateTemporaryExpiry(bad, now)).toBe(TEMPORARY_CARD_MESSAGES.EXPIRY_RANGE);
  });
});
