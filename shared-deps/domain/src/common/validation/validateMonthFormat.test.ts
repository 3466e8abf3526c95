import { validateMonthFormat } from './validateMonthFormat';

describe('validateMonthFormat', () => {
  it('should accept MM-YYYY', () => {
    expect(validateMonthFormat('01-2026')).toBeNull();
    expect(validateMonthFormat('12-1999')).toBeNull();
  });
  it.each(['1-2026', '13-2026', '00-2026', '2026-01', '01/2026', '01-26', '', '01-2026 '])("should answer 'Invalid Date' for %j", (value) => {
    expect(validateMonthFormat(value)).toBe('Invalid Date');
  });
});
