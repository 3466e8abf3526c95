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

describe('validatePin with a configured policy', () => {
  it('should reject a PIN longer than a 4-6 digit policy with the generated text', () => {
    expect(validatePin('1234', { minLength: 4, maxLength: 6 })).toBeNull();
    expect(validatePin('1234567', { minLength: 4, maxLength: 6 })).toBe('PIN must be between 4-6 numbers');
  });
  it('should accept letters and symbols when the policy is not digits only', () => {
    const policy = { minLength: 4, maxLength: 10, digitsOnly: false };
    expect(validatePin('Ab#4x', policy)).toBeNull();
    expect(validatePin('12345', policy)).toBeNull();
    expect(validatePin('Ab#', policy)).toBe('PIN must be between 4-10 characters');
    expect(validatePin('Abcdefghijk', policy)).toBe('PIN must be between 4-10 characters');
  });
  it('should reject spaces and control characters even when the policy is not digits only', () => {
    expect(validatePin('ab cd', { minLength: 4, maxLength: 8, digitsOnly: false })).toBe('PIN must be between 4-8 characters');
    expect(validatePin('abcd\n', { minLength: 4, maxLength: 8, digitsOnly: false })).toBe('PIN must be between 4-8 characters');
  });
  it('should reject letters under a digits-only policy and show the configured description', () => {
    expect(validatePin('12ab', { minLength: 4, maxLength: 6, digitsOnly: true, message: 'Use your 4 to 6 digit badge PIN' })).toBe('Use your 4 to 6 digit badge PIN');
  });
});
