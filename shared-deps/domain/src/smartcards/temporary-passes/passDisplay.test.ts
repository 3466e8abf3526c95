import { PASS_TYPE_LABELS, formatPassTime } from './passDisplay';

describe('pass display', () => {
  it('should name pass types as the console does', () => {
    expect(PASS_TYPE_LABELS).toEqual({ positive: 'User', guest: 'Guest' });
  });

  it('should show a time in the tenant’s time zone', () => {
    expect(formatPassTime('2026-03-01T22:59:59.000Z', 'Europe/Berlin')).toBe('2026-03-01 23:59');
    expect(formatPassTime('2026-03-01T22:59:59.000Z', 'America/New_York')).toBe('2026-03-01 17:59');
    expect(formatPassTime(null, 'UTC')).toBe('–');
    expect(formatPassTime('2026-03-01T22:59:59.000Z', 'Not/AZone')).toBe('2026-03-01 22:59 UTC');
  });
});
