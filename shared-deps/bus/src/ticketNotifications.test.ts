import { connectTicketNotifications, ticketMessages$, type TicketMessageNotice } from './ticketNotifications';

const notice = (id: string, createdAt: string): TicketMessageNotice => ({ ticketId: 't1', title: 'T', messageId: id, sender: 'admin', createdAt });

describe('connectTicketNotifications', () => {
  it('should poll from the cursor, publish each new message once, and stop on teardown', async () => {
    const timers: (() => void)[] = [];
    const fakeTimers = { setTimeout: (fn: () => void) => timers.push(fn), clearTimeout: () => undefined };
    const answers = [
      { now: '2026-11-23T10:00:05Z', messages: [notice('m1', '2026-11-23T10:00:01Z')] },
      { now: '2026-11-23T10:00:10Z', messages: [notice('m1', '2026-11-23T10:00:01Z'), notice('m2', '2026-11-23T10:00:07Z')] },
    ];
    const poll = jest.fn(async () => answers.shift() ?? { now: 'x', messages: [] });
    const seen: string[] = [];
    const sub = ticketMessages$.subscribe((n) => seen.push(n.messageId));
    const stop = connectTicketNotifications({ poll, since: '2026-11-23T10:00:00Z', timers: fakeTimers });
    const run = async () => {
      timers.shift()?.();
      await new Promise((r) => setImmediate(r));
    };
    await run();
    await run();
    expect(poll.mock.calls.map((c) => (c as unknown[])[0])).toEqual(['2026-11-23T10:00:00Z', '2026-11-23T10:00:01Z']);
    expect(seen).toEqual(['m1', 'm2']);
    stop();
    await run();
    expect(timers).toHaveLength(0);
    sub.unsubscribe();
  });

  it('should keep polling after a failed poll', async () => {
    const timers: (() => void)[] = [];
    const poll = jest.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValue({ now: 'x', messages: [] });
    const stop = connectTicketNotifications({ poll, since: 's', timers: { setTimeout: (fn: () => void) => timers.push(fn), clearTimeout: () => undefined } });
    timers.shift()?.();
    await new Promise((r) => setImmediate(r));
    expect(timers).toHaveLength(1);
    stop();
  });
});
