import { padPassNumber } from './padPassNumber';

describe('padPassNumber', () => {
  it('should pad a short pass number with zeros to 5 characters', () => {
    expect(padPassNumber(42)).toBe('00042');
    expect(padPassNumber('7')).toBe('00007');
  });
  it('should leave a pass number of 5 or more characters as it is', () => {
    expect(padPassNumber('12345')).toBe('12345');
    expect(padPassNumber('123456')).toBe('123456');
  });
});
