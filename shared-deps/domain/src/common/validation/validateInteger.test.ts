import { validateInteger } from './validateInteger';

describe('validateInteger', () => {
  it('should accept digits', () => {
    expect(validateInteger('0')).toBeNull();
    expect(validateInteger('9007199254740991')).toBeNull();
  });
  it('should allow an empty value by default and reject it when required', () => {
    expect(validateInteger('')).toBeNull();
    expect(validateInteger('', { required: true })).toBe('Please enter a value.');
  });
  it.each(['-1', '1.5', '1e3', ' 1', 'abc', '+2'])('should reject the non-digit value %j', (value) => {
    expect(validateInteger(value)).toBe('Please enter a whole number.');
  });
  it('should reject a value beyond the safe integer range', () => {
    expect(validateInteger('9007199254740993')).toBe('Please enter a whole number.');
  });
});
