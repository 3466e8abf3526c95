import { validateTicketMessage } from './validateTicketMessage';

describe('validateTicketMessage', () => {
  it('should accept a message of 10000 characters', () => {
    expect(validateTicketMessage('x'.repeat(10000))).toBeNull();
  });
  it('should reject a message of 10001 characters', () => {
    expect(validateTicketMessage('x'.repeat(10001))).toBe('The ticket message must be at most 10000 characters.');
  });
});
