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
    expect(validatePin('1234567', { minLength: 7, maxLength: 7 })).toBeNull();
    expect(validatePin('123456', { minLength: 7, maxLength: 7 })).toBe('PIN must be between 7-7 numbers');
    expect(validatePin('1', { minLength: 6, message: 'Six digits please' })).toBe('Six digits please');
  });
});

describe('validatePin with a configured policy', () => {
  it('should reject a PIN longer than a 6-7 digit policy with the generated text', () => {
    expect(validatePin('123456', { minLength: 6, maxLength: 7 })).toBeNull();
    expect(validatePin('12345678', { minLength: 6, maxLength: 7 })).toBe('PIN must be between 6-7 numbers');
  });
  it('should accept letters and symbols when the policy is not digits only', () => {
    const policy = { minLength: 6, maxLength: 8, digitsOnly: false };
    expect(validatePin('Ab#4x!', policy)).toBeNull();
    expect(validatePin('123456', policy)).toBeNull();
    expect(validatePin('Ab#4x', policy)).toBe('PIN must be between 6-8 characters');
    expect(validatePin('Abcdefghi', policy)).toBe('PIN must be between 6-8 characters');
  });
  it('should reject spaces and control characters even when the policy is not digits only', () => {
    expect(validatePin('abc def', { minLength: 6, maxLength: 8, digitsOnly: false })).toBe('PIN must be between 6-8 characters');
    expect(validatePin('abcdef\n', { minLength: 6, maxLength: 8, digitsOnly: false })).toBe('PIN must be between 6-8 characters');
  });
  it('should reject letters under a digits-only policy and show the configured description', () => {
    expect(validatePin('12ab56', { minLength: 6, maxLength: 7, digitsOnly: true, message: 'Use your 6 or 7 digit badge PIN' })).toBe('Use your 6 or 7 digit badge PIN');
  });
});

describe('validatePin and the PIV card limit', () => {
  it('should reject a PIN longer than 8 digits even when stored requirements allow 4 to 16', () => {
    expect(validatePin('1234567890', { minLength: 4, maxLength: 16 })).toBe('PIN must be between 6-8 numbers');
  });
  it('should reject a PIN shorter than 6 digits even when stored requirements allow 4', () => {
    expect(validatePin('1234', { minLength: 4, maxLength: 6 })).toBe('PIN must be between 6-6 numbers');
    expect(validatePin('123456', { minLength: 4, maxLength: 6 })).toBeNull();
  });
  it('should keep the override text when the card limit refuses the PIN', () => {
    expect(validatePin('1234567890', { minLength: 4, maxLength: 16, message: 'Your badge PIN' })).toBe('Your badge PIN');
  });
});
