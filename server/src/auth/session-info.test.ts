/** toSessionInfo: the remembered ISO strings answer exactly what formatting each time would, past the memo's size too. */
import { isoTime, toSessionInfo } from './auth.service';
import type { SessionRecord } from '../platform/session-store';

const T0 = Date.UTC(2026, 10, 28, 14, 0, 0, 123);

function record(idle: number, absolute: number): SessionRecord {
  return { id: 'x', userId: 'u', tenantId: 't', state: 'active', createdAt: T0, lastSeenAt: T0, idleExpiresAt: idle, absoluteExpiresAt: absolute };
}

describe('toSessionInfo', () => {
  it('should answer the earlier expiry, the absolute one and the whole seconds left', () => {
    expect(toSessionInfo(record(T0 + 900_000, T0 + 3_600_000), T0 + 500)).toEqual({
      remainingSeconds: 899,
      expiresAt: new Date(T0 + 900_000).toISOString(),
      absoluteExpiresAt: new Date(T0 + 3_600_000).toISOString(),
    });
    expect(toSessionInfo(record(T0 + 900_000, T0 + 60_000), T0 + 120_000)).toEqual({
      remainingSeconds: 0,
      expiresAt: new Date(T0 + 60_000).toISOString(),
      absoluteExpiresAt: new Date(T0 + 60_000).toISOString(),
    });
  });

  it('should format every time as Date would, the same time again and more times than the memo holds', () => {
    for (let i = 0; i < 10_000; i++) {
      const ms = T0 + i * 7919;
      expect(isoTime(ms)).toBe(new Date(ms).toISOString());
    }
    expect(isoTime(T0)).toBe(new Date(T0).toISOString());
    expect(isoTime(0)).toBe('1970-01-01T00:00:00.000Z');
  });
});
