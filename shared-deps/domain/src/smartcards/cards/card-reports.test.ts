import { countPerWeek, expiringCardsCsv, weekStartOf } from './card-reports';

describe('card report helpers', () => {
  it('should start a week on Monday UTC', () => {
    expect(weekStartOf(new Date('2026-11-28T23:59:00Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z'); // a Saturday
    expect(weekStartOf(new Date('2026-11-23T00:00:00Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z'); // a Monday
    expect(weekStartOf(new Date('2026-11-29T12:00:00Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z'); // a Sunday
  });

  it('should count dates per week over the last weeks, oldest first, leaving older and future dates out', () => {
    const now = new Date('2026-11-28T10:00:00Z');
    const weeks = countPerWeek([new Date('2026-11-24T00:00:00Z'), new Date('2026-11-27T00:00:00Z'), new Date('2026-11-16T08:00:00Z'), new Date('2026-08-01T00:00:00Z'), new Date('2026-12-10T00:00:00Z')], now, 3);
    expect(weeks).toEqual([
      { weekStart: '2026-11-09', count: 0 },
      { weekStart: '2026-11-16', count: 1 },
      { weekStart: '2026-11-23', count: 2 },
    ]);
    expect(countPerWeek([], now)).toHaveLength(12);
  });

  it('should quote CSV fields that hold commas or quotes', () => {
    const csv = expiringCardsCsv([{ cardId: 'x', serialNumber: 'S1', username: 'a,b', template: 'say "hi"', status: 'issued', expiresAt: '2027-01-01T00:00:00.000Z', daysLeft: 34 }, { cardId: 'y', serialNumber: 'S2', username: null, template: null, status: 'issued', expiresAt: '2027-01-02T00:00:00.000Z', daysLeft: 35 }]);
    expect(csv).toBe('serial,user,template,status,expires,days left\r\nS1,"a,b","say ""hi""",issued,2027-01-01T00:00:00.000Z,34\r\nS2,,,issued,2027-01-02T00:00:00.000Z,35\r\n');
  });
});
