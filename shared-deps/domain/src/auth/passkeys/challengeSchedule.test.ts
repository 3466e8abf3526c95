import { challengeRefreshDelayMs, challengeRetryDelayMs } from './challengeSchedule';

describe('challengeRefreshDelayMs', () => {
  it('should refresh at half the 600000 ms life', () => {
    expect(challengeRefreshDelayMs(1000, 1000)).toBe(300_000);
    expect(challengeRefreshDelayMs(1000, 201_000)).toBe(100_000);
    expect(challengeRefreshDelayMs(1000, 900_000)).toBe(0);
  });
});

describe('challengeRetryDelayMs', () => {
  it('should be 10 s × 2^attempt within ±50%', () => {
    expect(challengeRetryDelayMs(1, 0.5)).toBe(20_000);
    expect(challengeRetryDelayMs(1, 0)).toBe(10_000);
    expect(challengeRetryDelayMs(1, 0.999999)).toBeLessThanOrEqual(30_000);
    expect(challengeRetryDelayMs(1, 0.9)).toBe(28_000);
    expect(challengeRetryDelayMs(3, 0.5)).toBe(80_000);
  });

  it('should clamp the attempt count to 1..8', () => {
    expect(challengeRetryDelayMs(0, 0.5)).toBe(20_000);
    expect(challengeRetryDelayMs(8, 0.5)).toBe(2_560_000);
    expect(challengeRetryDelayMs(12, 0.5)).toBe(2_560_000);
  });
});
