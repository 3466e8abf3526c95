import { errorMessage } from './epic';

describe('errorMessage', () => {
  it("should answer the error's own message", () => {
    expect(errorMessage(new Error('The card reader was not found.'))).toBe('The card reader was not found.');
    expect(errorMessage({ code: 'X', message: 'Incorrect PIN provided.' })).toBe('Incorrect PIN provided.');
    expect(errorMessage('plain text')).toBe('plain text');
  });

  it("should answer signin §8's 'An unexpected error occurred' for a failure that says nothing", () => {
    for (const silent of [undefined, null, {}, { message: '' }, new Error(''), 42]) expect(errorMessage(silent)).toBe('An unexpected error occurred');
  });
});
