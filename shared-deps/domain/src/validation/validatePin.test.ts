import { validatePin } from './validatePin';

describe('validatePin', () => {
  it('should accept 6 to 8 digits by default', () => {
    expect(validatePin('123456')).toBeNull();
    expect(validatePin('12345678')).toBeNull();
  });
  it("should reject a PIN shorter than 6 or longer than 8 digits with 'PIN must be between 6-8 numbers'", () => {
    expect(validatePin('12345')).toBe('PIN must be between 6-8 numbers');
    expect(validatePin('123456789')).toBe('PIN must be between 6-8 numbers');
  });
  it('should reject a PIN with a non-digit', () => {
    expect(validatePin('12345a')).toBe('PIN must be between 6-8 numbers');
    expect(validatePin('')).toBe('PIN must be between 6-8 numbers');
  });
  it('should apply the card requirements from the server', () => {
    expect(validatePin('1234', { minLength: 4, maxLength: 4 })).toBeNull();
    expect(validatePin('12345', { minLength: 4, maxLength: 4 })).toBe('PIN must be between 4-4 numbers');
    expect(validatePin('1', { minLength: 4, message: 'Four digits please' })).toBe('Four digits please');
  });
});
