import type { WebAuthnChallenge } from '@tessera/domain';
import { ChallengeCache } from './challengeCache';

describe('ChallengeCache', () => {
  let now = 0;
  let n = 0;
  const timers: { fn: () => void; at: number }[] = [];
  const setTimer = (fn: () => void, ms: number) => {
    const t = { fn, at: now + ms };
    timers.push(t);
    return t;
  };
  const clearTimer = (h: unknown) => {
    const i = timers.indexOf(h as (typeof timers)[number]);
    if (i >= 0) timers.splice(i, 1);
  };
  const flush = async () => {
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
  };
  /** Moves the clock to the next timer and runs it. */
  const runNextTimer = async () => {
    timers.sort((a, b) => a.at - b.at);
    const t = timers.shift()!;
    now = t.at;
    t.fn();
    await flush();
    return t.at;
  };
  const challenge = (): WebAuthnChallenge => ({ challenge: `c${(n += 1)}`, rpId: null, fetchedAt: now });

  beforeEach(() => {
    now = 1_000;
    n = 0;
    timers.length = 0;
  });

  it('should fetch once on start and refresh at half the 600000 ms life', async () => {
    const fetch = jest.fn(async () => challenge());
    const cache = new ChallengeCache({ fetch, now: () => now, setTimer, clearTimer });
    cache.start();
    await flush();
    expect(cache.current?.challenge).toBe('c1');
    expect(await runNextTimer()).toBe(1_000 + 300_000);
    expect(cache.current?.challenge).toBe('c2');
    expect(fetch).toHaveBeenCalledTimes(2);
    cache.stop();
    expect(timers).toHaveLength(0);
  });

  it('should hand out the cached challenge once and fetch the next at once', async () => {
    const fetch = jest.fn(async () => challenge());
    const cache = new ChallengeCache({ fetch, now: () => now, setTimer, clearTimer });
    cache.start();
    await flush();
    expect((await cache.take()).challenge).toBe('c1');
    expect(cache.current).toBeNull();
    await runNextTimer();
    expect(cache.current?.challenge).toBe('c2');
    expect((await cache.take()).challenge).toBe('c2');
    cache.stop();
  });

  it('should fetch a new challenge when the cached one is past half its life', async () => {
    const fetch = jest.fn(async () => challenge());
    const cache = new ChallengeCache({ fetch, now: () => now, setTimer, clearTimer });
    cache.start();
    await flush();
    cache.stop();
    now += 300_001;
    expect((await cache.take()).challenge).toBe('c2');
  });

  it('should back off after failures: 10 s × 2^attempt with jitter, attempt capped at 8', async () => {
    const fetch = jest.fn(async (): Promise<WebAuthnChallenge> => {
      throw new Error('unexpected response content type: expected application/x-webauthn-challenge');
    });
    const cache = new ChallengeCache({ fetch, now: () => now, random: () => 0.5, setTimer, clearTimer });
    cache.start();
    await flush();
    const delays: number[] = [];
    let last = now;
    for (let i = 0; i < 9; i += 1) {
      const at = await runNextTimer();
      delays.push(at - last);
      last = at;
    }
    expect(delays).toEqual([20_000, 40_000, 80_000, 160_000, 320_000, 640_000, 1_280_000, 2_560_000, 2_560_000]);
    expect(cache.attempt).toBe(8);
    cache.stop();
  });

  it('should use ±50% jitter', async () => {
    const fetch = jest.fn(async (): Promise<WebAuthnChallenge> => {
      throw new Error('down');
    });
    const cache = new ChallengeCache({ fetch, now: () => now, random: () => 0, setTimer, clearTimer });
    cache.start();
    await flush();
    expect(timers[0]!.at - now).toBe(10_000);
    cache.stop();
  });

  it('should start over after a success', async () => {
    let fail = true;
    const fetch = jest.fn(async () => {
      if (fail) throw new Error('down');
      return challenge();
    });
    const cache = new ChallengeCache({ fetch, now: () => now, random: () => 0.5, setTimer, clearTimer });
    cache.start();
    await flush();
    expect(cache.attempt).toBe(1);
    fail = false;
    await runNextTimer();
    expect(cache.attempt).toBe(0);
    expect(cache.current).not.toBeNull();
    cache.stop();
  });
});
