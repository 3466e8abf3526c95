import { validatePinPolicy } from './validatePinPolicy';

describe('validatePinPolicy', () => {
  it('should accept lengths from 4 to 16 with the minimum not above the maximum', () => {
    expect(validatePinPolicy({ minLength: 4, maxLength: 16 })).toEqual({});
    expect(validatePinPolicy({ minLength: '6', maxLength: '6', description: null })).toEqual({});
  });
  it('should reject a length outside 4 to 16 or not a whole number, naming the field', () => {
    expect(validatePinPolicy({ minLength: 3, maxLength: 8 })).toEqual({ minLength: 'Enter a whole number from 4 to 16.' });
    expect(validatePinPolicy({ minLength: 6, maxLength: 17 })).toEqual({ maxLength: 'Enter a whole number from 4 to 16.' });
    expect(validatePinPolicy({ minLength: '6.5', maxLength: '' })).toEqual({ minLength: 'Enter a whole number from 4 to 16.', maxLength: 'Enter a whole number from 4 to 16.' });
  });
  it('should reject a minimum greater than the maximum', () => {
    expect(validatePinPolicy({ minLength: 8, maxLength: 6 })).toEqual({ minLength: 'The minimum length must not be greater than the maximum length.' });
  });
  it('should reject a description with a control character or over 200 characters', () => {
    expect(validatePinPolicy({ minLength: 6, maxLength: 8, description: 'a\nb' }).description).toMatch(/without control characters/);
    expect(validatePinPolicy({ minLength: 6, maxLength: 8, description: 'x'.repeat(201) }).description).toMatch(/at most 200 characters/);
    expect(validatePinPolicy({ minLength: 6, maxLength: 8, description: 'x'.repeat(200) })).toEqual({});
  });
});
