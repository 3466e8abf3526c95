import { buildErrorLog, errorLogFileName, errorMessage, errorStack } from './errorLog';

describe('errorLog', () => {
  it('should put the error, URL, time, user agent and stack into the file', () => {
    const error = new TypeError('x is not a function');
    const text = buildErrorLog({ error, url: 'http://127.0.0.1:8080/home', time: Date.UTC(2026, 0, 31, 10), userAgent: 'UA/1' });
    expect(text).toContain('Error: TypeError: x is not a function');
    expect(text).toContain('URL: http://127.0.0.1:8080/home');
    expect(text).toContain('Time: 2026-01-31T10:00:00.000Z');
    expect(text).toContain('User agent: UA/1');
    expect(text).toContain('Stack:\nTypeError: x is not a function');
  });

  it('should follow the cause chain in the stack', () => {
    const error = new Error('outer', { cause: new Error('inner') });
    expect(errorStack(error)).toMatch(/Caused by: Error: inner/);
  });

  it('should describe thrown non-errors', () => {
    expect(errorMessage('boom')).toBe('boom');
    expect(errorMessage({ code: 1 })).toBe('{"code":1}');
    expect(errorStack('boom')).toBe('');
  });

  it('should name the file after the time with a .log extension', () => {
    expect(errorLogFileName(Date.UTC(2026, 0, 31, 10))).toBe('tessera-error-2026-01-31T10-00-00-000Z.log');
  });
});
