import { trimUsername, validateUsername } from './validateUsername';

describe('validateUsername', () => {
  it('should accept a plain username', () => {
    expect(validateUsername('alice.smith')).toBeNull();
  });
  it("should reject an empty or blank username with 'No Username entered.'", () => {
    expect(validateUsername('')).toBe('No Username entered.');
    expect(validateUsername('   ')).toBe('No Username entered.');
  });
  it.each(['/', '\\', '#', '%', '?'])("should reject a username containing '%s'", (char) => {
    expect(validateUsername(`ab${char}cd`)).toBe(`The character '${char}' is not allowed in usernames.`);
  });
  it('should reject control characters and characters from code 127 up', () => {
    expect(validateUsername('ab\u0001cd')).toBe('The username contains an invalid character.');
    expect(validateUsername('ab\u007fcd')).toBe('The username contains an invalid character.');
    expect(validateUsername('jos\u00e9')).toBe('The username contains an invalid character.');
  });
  it('should check the trimmed username', () => {
    expect(validateUsername('  alice  ')).toBeNull();
  });
  it("should apply the tenant pattern with the default 'Invalid username.'", () => {
    expect(validateUsername('alice', { pattern: '[a-z]+\\.[a-z]+' })).toBe('Invalid username.');
    expect(validateUsername('alice.smith', { pattern: '[a-z]+\\.[a-z]+' })).toBeNull();
  });
  it('should use the tenant pattern message when given', () => {
    expect(validateUsername('alice', { pattern: /^\d+$/, patternMessage: 'Digits only.' })).toBe('Digits only.');
  });
  it('should reject every username when the tenant pattern is not a valid expression', () => {
    expect(validateUsername('alice', { pattern: '(' })).toBe('Invalid username.');
  });
});

describe('trimUsername', () => {
  it('should trim surrounding whitespace', () => {
    expect(trimUsername('  bob \t')).toBe('bob');
  });
});
