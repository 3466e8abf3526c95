import { keepAliveIntervalSeconds, remainingSessionMs, DEFAULT_SESSION_SECONDS } from './session';

describe('keepAliveIntervalSeconds', () => {
  it('should divide the remaining ms by 2000', () => {
    expect(keepAliveIntervalSeconds(60_000)).toBe(30);
  });
  it('should clamp to at least 1 second', () => {
    expect(keepAliveIntervalSeconds(500)).toBe(1);
    expect(keepAliveIntervalSeconds(-10)).toBe(1);
  });
  it('should clamp to at most 90 seconds', () => {
    expect(keepAliveIntervalSeconds(15 * 60_000)).toBe(90);
  });
  it('should use the 90 s default session when no time is given', () => {
    expect(keepAliveIntervalSeconds(undefined)).toBe(45);
  });
});

describe('remainingSessionMs', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  it('should default to 90 s only when no expiry is given', () => {
    expect(remainingSessionMs(null, now)).toBe(DEFAULT_SESSION_SECONDS * 1000);
    expect(remainingSessionMs('2026-01-01T00:00:10Z', now)).toBe(10_000);
  });
  it("should throw 'expired cookie' for a past expiry", () => {
    expect(() => remainingSessionMs('2025-12-31T23:59:59Z', now)).toThrow('expired cookie');
  });
});
