import { passwordProblem } from './password-policy';

describe('passwordProblem', () => {
  it('should accept a long, unusual password', () => {
    expect(passwordProblem('correct-Horse-battery-9')).toBeNull();
  });

  it('should refuse a short password', () => {
    expect(passwordProblem('aB3$xY')).toBe('The new password must be at least 10 characters long.');
  });

  it('should refuse a password of the breached/common list whatever its case', () => {
    expect(passwordProblem('Password123')).toBe('This password appears in a list of breached or common passwords.');
    expect(passwordProblem('qwertyuiop')).toBe('This password appears in a list of breached or common passwords.');
  });

  it('should refuse a weak password and a password made of the user own name', () => {
    expect(passwordProblem('aaaaaaaaaaaa')).toMatch(/^The new password is too weak\./);
    expect(passwordProblem('aliceliddell2026', ['aliceliddell'])).toMatch(/^The new password is too weak\./);
  });
});
