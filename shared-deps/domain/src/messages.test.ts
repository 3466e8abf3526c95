import { ERROR_MESSAGES, MESSAGES, messageForErrorCode, unexpectedErrorMessage } from './messages';

describe('MESSAGES', () => {
  it('should carry the spec texts exactly', () => {
    expect(MESSAGES.INVALID_CREDENTIALS).toBe('Check Username and Password');
    expect(MESSAGES.PAGE_NOT_FOUND).toBe('Sorry, the page you requested was not found.');
    expect(MESSAGES.NO_ROUTE_MATCHES).toBe('No route matches URL');
    expect(MESSAGES.UNEXPECTED_ERROR_TITLE).toBe('Unexpected Error');
    expect(MESSAGES.PIN_LENGTH).toBe('PIN must be between 6-8 numbers');
    expect(MESSAGES.TOO_MANY_REQUESTS_BODY).toBe("You're making too many requests too quickly! Please slow down.");
    expect(MESSAGES.usernameCharacterNotAllowed('#')).toBe("The character '#' is not allowed in usernames.");
  });
  it('should put the support address into the Unexpected Error message', () => {
    expect(unexpectedErrorMessage('help@example.com')).toBe('An unexpected error occurred, please download the error file and send to: help@example.com');
    expect(MESSAGES.unexpectedErrorMessage('x@y')).toBe(unexpectedErrorMessage('x@y'));
  });
  it('should have a text for every error code', () => {
    expect(messageForErrorCode('INVALID_CREDENTIALS')).toBe('Check Username and Password');
    for (const text of Object.values(ERROR_MESSAGES)) expect(text).toEqual(expect.any(String));
  });
});
