import { addValidity } from './validity';

describe('addValidity', () => {
  const from = new Date('2026-01-31T10:00:00Z');
  it('should add hours and days exactly', () => {
    expect(addValidity(from, 5, 'HOURS').toISOString()).toBe('2026-01-31T15:00:00.000Z');
    expect(addValidity(from, 2, 'DAYS').toISOString()).toBe('2026-02-02T10:00:00.000Z');
  });
  it('should clamp a month to its last day', () => expect(addValidity(from, 1, 'MONTHS').toISOString()).toBe('2026-02-28T10:00:00.000Z'));
  it('should add calendar years', () => expect(addValidity(new Date('2028-02-29T00:00:00Z'), 1, 'YEARS').toISOString()).toBe('2029-02-28T00:00:00.000Z'));
});
