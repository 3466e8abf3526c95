import { PIV_PIN_LENGTH } from './constants';
import { validatePinPolicy } from './validatePinPolicy';

const RANGE = 'Enter a whole number from 6 to 8: a PIV card takes a PIN of 6 to 8 characters.';

describe('validatePinPolicy', () => {
  it('should accept lengths a PIV card takes (6 to 8) with the minimum not above the maximum', () => {
    expect(validatePinPolicy({ minLength: 6, maxLength: 8 })).toEqual({});
    expect(validatePinPolicy({ minLength: '6', maxLength: '7', description: null })).toEqual({});
    expect(validatePinPolicy({ minLength: 8, maxLength: 8 })).toEqual({});
  });
  it('should take its bounds from the PIV card limit of SP 800-73-4 (6 to 8 bytes)', () => {
    expect(PIV_PIN_LENGTH).toEqual({ min: 6, max: 8 });
    expect(validatePinPolicy({ minLength: PIV_PIN_LENGTH.min - 1, maxLength: PIV_PIN_LENGTH.max })).toEqual({ minLength: RANGE });
    expect(validatePinPolicy({ minLength: PIV_PIN_LENGTH.min, maxLength: PIV_PIN_LENGTH.max + 1 })).toEqual({ maxLength: RANGE });
  });
  it('should reject a policy a PIV card cannot meet, naming each field', () => {
    expect(validatePinPolicy({ minLength: 4, maxLength: 16 })).toEqual({ minLength: RANGE, maxLength: RANGE });
    expect(validatePinPolicy({ minLength: 4, maxLength: 6 })).toEqual({ minLength: RANGE });
    expect(validatePinPolicy({ minLength: 6, maxLength: 10 })).toEqual({ maxLength: RANGE });
  });
  it('should reject a length that is not a whole number', () => {
    expect(validatePinPolicy({ minLength: '6.5', maxLength: '' })).toEqual({ minLength: RANGE, maxLength: RANGE });
    expect(validatePinPolicy({ minLength: 6.5, maxLength: 8 })).toEqual({ minLength: RANGE });
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
