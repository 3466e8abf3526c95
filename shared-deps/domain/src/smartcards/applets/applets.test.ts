import { APPLET_LIMITS, APPLET_MESSAGES, formatAid, validateAppletFields, validateCardCount } from './applets';

describe('applet catalogue rules', () => {
  it('requires a name on creation and bounds name and description', () => {
    expect(validateAppletFields({}, true)).toEqual({ field: 'name', message: APPLET_MESSAGES.APPLET_NAME_REQUIRED });
    expect(validateAppletFields({ name: '   ' }, false)).toEqual({ field: 'name', message: APPLET_MESSAGES.APPLET_NAME_REQUIRED });
    expect(validateAppletFields({}, false)).toBeNull();
    expect(validateAppletFields({ name: 'x'.repeat(APPLET_LIMITS.nameMaxLength + 1) }, true)?.field).toBe('name');
    expect(validateAppletFields({ name: 'x'.repeat(APPLET_LIMITS.nameMaxLength) }, true)).toBeNull();
    expect(validateAppletFields({ name: 'ok', description: 'd'.repeat(APPLET_LIMITS.descriptionMaxLength + 1) }, true)).toEqual({ field: 'description', message: APPLET_MESSAGES.APPLET_DESCRIPTION_TOO_LONG });
    expect(validateAppletFields({ name: 'ok', description: null }, true)).toBeNull();
  });
  it('bounds the card count of an upload', () => {
    expect(validateCardCount(0)?.field).toBe('card_count');
    expect(validateCardCount(1.5)?.field).toBe('card_count');
    expect(validateCardCount(APPLET_LIMITS.cardCountMax + 1)?.field).toBe('card_count');
    expect(validateCardCount(3)).toBeNull();
  });
  it('formats an AID in byte groups', () => {
    expect(formatAid('a0000008880101')).toBe('A0 00 00 08 88 01 01');
  });
});
