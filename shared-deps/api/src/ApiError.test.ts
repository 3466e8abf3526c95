import { ApiError, errorFromResponse, isApiError } from './ApiError';

describe('errorFromResponse', () => {
  it.each([
    [400, '', 'VALIDATION'],
    [401, 'not_logged_in', 'NOT_LOGGED_IN'],
    [402, '', 'PAYMENT_REQUIRED'],
    [403, '', 'FORBIDDEN'],
    [404, '', 'NOT_FOUND'],
    [409, '', 'CONFLICT'],
    [413, '', 'PAYLOAD_TOO_LARGE'],
    [429, 'Too Many Requests', 'TOO_MANY_REQUESTS'],
    [503, 'Audit failed', 'AUDIT_FAILED'],
    [503, 'Service Unavailable', 'INTERNAL'],
    [500, 'boom', 'INTERNAL'],
  ])('should map status %i with body %j to %s', (status, body, code) => {
    expect(errorFromResponse(status, body)).toMatchObject({ code, status });
  });
  it('should take code, message and field from a JSON error body', () => {
    expect(errorFromResponse(403, JSON.stringify({ code: 'CSRF', message: 'Missing or invalid XSRF token' }))).toMatchObject({ code: 'CSRF', message: 'Missing or invalid XSRF token' });
    // A card's 403 keeps the server's text with the tries the card has left.
    expect(errorFromResponse(403, JSON.stringify({ code: 'INCORRECT_PIN', message: 'Incorrect PIN provided. 2 tries left.' }))).toMatchObject({ code: 'INCORRECT_PIN', status: 403, message: 'Incorrect PIN provided. 2 tries left.' });
    expect(errorFromResponse(502, JSON.stringify({ code: 'NO_CMS_CLIENT', message: 'No CMS Client connected' }))).toMatchObject({ code: 'NO_CMS_CLIENT', message: 'No CMS Client connected' });
  });
  it('should ignore a JSON body with an unknown code', () => {
    expect(errorFromResponse(404, JSON.stringify({ code: 'WHAT', message: 'x' }))).toMatchObject({ code: 'NOT_FOUND', message: 'Not found.' });
  });
  it('should never show a plain-text server body', () => {
    expect(errorFromResponse(500, 'stack trace at line 3').message).toBe('The server could not complete the request.');
  });
  it('should read Retry-After', () => {
    expect(errorFromResponse(429, 'Too Many Requests', '12').retryAfterSeconds).toBe(12);
  });
  it("should give the 429 toast text as the message", () => {
    expect(errorFromResponse(429, 'Too Many Requests').message).toBe("You're making too many requests too quickly! Please slow down.");
  });
});

describe('ApiError', () => {
  it('should be an Error with a code, status and global flag', () => {
    const error = new ApiError('NOT_LOGGED_IN', 'Not signed in.', { status: 401 });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ApiError');
    expect(error.isGlobal).toBe(true);
    expect(new ApiError('VALIDATION', 'x', { status: 400, field: 'a' }).isGlobal).toBe(false);
    expect(isApiError(error)).toBe(true);
    expect(isApiError(new Error('x'))).toBe(false);
  });
});
