import { validateText } from './validateText';

describe('validateText', () => {
  it('should accept ordinary text', () => {
    expect(validateText('Hello, world! é')).toBeNull();
  });
  it('should reject a control character below code 32', () => {
    expect(validateText('a\u0000b')).toBe('The text contains an invalid character.');
    expect(validateText('line\nbreak')).toBe('The text contains an invalid character.');
  });
  it('should accept line breaks and tabs in a multi-line field only', () => {
    expect(validateText('line\r\n\tbreak', { multiline: true })).toBeNull();
    expect(validateText('bell\u0007', { multiline: true })).toBe('The text contains an invalid character.');
  });
});
