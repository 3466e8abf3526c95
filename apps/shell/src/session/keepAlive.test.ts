import type { SessionInfo } from '@tessera/domain';
import { keepAlive$, keepAliveDelayMs, type KeepAliveEvent } from './keepAlive';
import { trackActivity } from './activity';

function session(remainingSeconds: number): SessionInfo {
  return { remainingSeconds, expiresAt: '2030-01-01T00:00:00.000Z', absoluteExpiresAt: '2030-01-01T08:00:00.000Z' };
}

describe('keepAlive$', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('should wait remaining time / 2000 s clamped to 1..90 s', () => {
    expect(keepAliveDelayMs(session(900))).toBe(90_000);
    expect(keepAliveDelayMs(session(60))).toBe(30_000);
    expect(keepAliveDelayMs(session(1))).toBe(1_000);
  });

  it('should only check the session when the user was idle, then tick again from the new remaining time', async () => {
    const checkSession = jest.fn().mockResolvedValueOnce(session(20)).mockResolvedValue(session(10));
    const refreshSession = jest.fn();
    const events: KeepAliveEvent[] = [];
    const sub = keepAlive$({ session: session(60), checkSession, refreshSession, takeActivity: () => false }).subscribe((e) => events.push(e));

    await jest.advanceTimersByTimeAsync(29_999);
    expect(checkSession).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(checkSession).toHaveBeenCalledTimes(1);
    expect(events).toEqual([{ type: 'checked', session: session(20) }]);
    await jest.advanceTimersByTimeAsync(10_000); // 20 s left → next tick after 10 s
    expect(checkSession).toHaveBeenCalledTimes(2);
    expect(refreshSession).not.toHaveBeenCalled();
    sub.unsubscribe();
  });

  it('should refresh the session when the user was active since the last tick', async () => {
    const checkSession = jest.fn().mockResolvedValue(session(60));
    const refreshSession = jest.fn().mockResolvedValue(session(900));
    const activity = [true, false];
    const events: KeepAliveEvent[] = [];
    const sub = keepAlive$({ session: session(60), checkSession, refreshSession, takeActivity: () => activity.shift() ?? false }).subscribe((e) =>
      events.push(e),
    );
    await jest.advanceTimersByTimeAsync(30_000);
    expect(refreshSession).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(90_000); // 900 s left → clamped to 90 s
    expect(checkSession).toHaveBeenCalledTimes(1);
    expect(events.map((e) => e.type)).toEqual(['refreshed', 'checked']);
    sub.unsubscribe();
  });

  it("should fail with 'expired cookie' without asking the server when the tick comes after the expiry", async () => {
    // The machine slept: the timer fires after the session's local expiry has passed.
    let clock = 1_000_000;
    const checkSession = jest.fn().mockResolvedValue(session(60));
    const events: KeepAliveEvent[] = [];
    keepAlive$({ session: session(60), checkSession, refreshSession: jest.fn(), takeActivity: () => false, now: () => clock }).subscribe((e) => events.push(e));
    clock += 62_000;
    await jest.advanceTimersByTimeAsync(30_000);
    expect(checkSession).not.toHaveBeenCalled();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'failed', error: { code: 'EXPIRED_COOKIE', message: 'expired cookie' } });
  });

  it('should still ask the server within the second the server may have left (its seconds are floored)', async () => {
    let clock = 1_000_000;
    const refreshSession = jest.fn().mockResolvedValue(session(900));
    const events: KeepAliveEvent[] = [];
    keepAlive$({ session: session(1), checkSession: jest.fn(), refreshSession, takeActivity: () => true, now: () => clock }).subscribe((e) => events.push(e));
    clock += 1_500;
    await jest.advanceTimersByTimeAsync(1_000);
    expect(refreshSession).toHaveBeenCalledTimes(1);
    expect(events).toEqual([{ type: 'refreshed', session: session(900) }]);
  });

  it('should report a failed check and stop', async () => {
    const failure = new Error('not_logged_in');
    const checkSession = jest.fn().mockRejectedValue(failure);
    const events: KeepAliveEvent[] = [];
    let completed = false;
    keepAlive$({ session: session(2), checkSession, refreshSession: jest.fn(), takeActivity: () => false }).subscribe({
      next: (e) => events.push(e),
      complete: () => (completed = true),
    });
    await jest.advanceTimersByTimeAsync(1_000);
    expect(events).toEqual([{ type: 'failed', error: failure }]);
    expect(completed).toBe(true);
    await jest.advanceTimersByTimeAsync(100_000);
    expect(checkSession).toHaveBeenCalledTimes(1);
  });

  it('should stop ticking when unsubscribed', async () => {
    const checkSession = jest.fn().mockResolvedValue(session(2));
    const sub = keepAlive$({ session: session(2), checkSession, refreshSession: jest.fn(), takeActivity: () => false }).subscribe();
    await jest.advanceTimersByTimeAsync(1_000);
    sub.unsubscribe();
    await jest.advanceTimersByTimeAsync(10_000);
    expect(checkSession).toHaveBeenCalledTimes(1);
  });
});

describe('trackActivity', () => {
  it('should report activity once per period', () => {
    const target = new EventTarget();
    const tracker = trackActivity(target as unknown as Window);
    expect(tracker.takeActivity()).toBe(false);
    target.dispatchEvent(new Event('keydown'));
    expect(tracker.takeActivity()).toBe(true);
    expect(tracker.takeActivity()).toBe(false);
    tracker.dispose();
    target.dispatchEvent(new Event('pointerdown'));
    expect(tracker.takeActivity()).toBe(false);
  });
});
