import { allowsPassphrase, validatePassphrase } from './validatePassphrase';
import { SMARTCARD_MESSAGES as MESSAGES } from './messages';

describe('validatePassphrase', () => {
  it('should allow a passphrase only where the template PIN rules are not digits only', () => {
    expect(allowsPassphrase({ digitsOnly: false })).toBe(true);
    expect(allowsPassphrase({ digitsOnly: true })).toBe(false);
    expect(allowsPassphrase({})).toBe(false);
    expect(validatePassphrase('abc12345', {})).toBe(MESSAGES.PASSPHRASE_NOT_ALLOWED);
  });

  it('should hold a passphrase to the template lengths within the PIV 6-8 byte limit and require a letter', () => {
    const rules = { digitsOnly: false, minLength: 6, maxLength: 8 };
    expect(validatePassphrase('abc123', rules)).toBeNull();
    expect(validatePassphrase('Pa$s-w0d', rules)).toBeNull();
    expect(validatePassphrase('abc12', rules)).toBe('PIN must be between 6-8 characters');
    expect(validatePassphrase('abcdefghi', rules)).toBe('PIN must be between 6-8 characters');
    expect(validatePassphrase('abc 123', rules)).toBe('PIN must be between 6-8 characters');
    expect(validatePassphrase('12345678', rules)).toBe(MESSAGES.PASSPHRASE_NEEDS_LETTER);
    // A template asking for more than a PIV card holds is held to 8.
    expect(validatePassphrase('abcdefghij', { digitsOnly: false, maxLength: 12 })).toBe('PIN must be between 6-8 characters');
  });
});
