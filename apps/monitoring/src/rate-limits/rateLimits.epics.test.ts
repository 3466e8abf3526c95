import type { Action } from '@reduxjs/toolkit';
import { StateObservable } from 'redux-observable';
import { Subject } from 'rxjs';
import type { RateLimitStatus } from '@tessera/domain';
import type { MonitoringEpicDependencies } from '../epic';
import { RATE_LIMIT_POLL_MS, pollRateLimitStatusEpic } from './rateLimits.epics';
import { rateLimitsActions as A } from './rateLimits.slice';

describe('rate-limit epics', () => {
  afterEach(() => jest.useRealTimers());

  it('should poll the counters while the page is shown and stop when it is left', async () => {
    jest.useFakeTimers();
    const status: RateLimitStatus = { rules: [] };
    const getRateLimitStatus = jest.fn().mockResolvedValue(status);
    const d = { api: { getRateLimitStatus }, bus: { showToast: jest.fn() } } as unknown as MonitoringEpicDependencies;
    const action$ = new Subject<Action>();
    const out: Action[] = [];
    const sub = pollRateLimitStatusEpic(action$ as never, new StateObservable<unknown>(new Subject(), {}), d).subscribe((a) => out.push(a));
    action$.next(A.pageShown());
    await jest.advanceTimersByTimeAsync(0);
    expect(getRateLimitStatus).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(RATE_LIMIT_POLL_MS);
    expect(getRateLimitStatus).toHaveBeenCalledTimes(2);
    expect(out).toEqual([A.countersLoaded(status), A.countersLoaded(status)]);
    action$.next(A.pageLeft());
    await jest.advanceTimersByTimeAsync(RATE_LIMIT_POLL_MS * 3);
    expect(getRateLimitStatus).toHaveBeenCalledTimes(2);
    sub.unsubscribe();
  });

  it('should keep polling after a refused poll (a 429 is toasted by the shell)', async () => {
    jest.useFakeTimers();
    const getRateLimitStatus = jest.fn().mockRejectedValueOnce(Object.assign(new Error('Too Many Requests'), { code: 'TOO_MANY_REQUESTS' })).mockResolvedValue({ rules: [] });
    const d = { api: { getRateLimitStatus }, bus: { showToast: jest.fn() } } as unknown as MonitoringEpicDependencies;
    const action$ = new Subject<Action>();
    const out: Action[] = [];
    const sub = pollRateLimitStatusEpic(action$ as never, new StateObservable<unknown>(new Subject(), {}), d).subscribe((a) => out.push(a));
    action$.next(A.pageShown());
    await jest.advanceTimersByTimeAsync(RATE_LIMIT_POLL_MS);
    expect(out).toEqual([A.countersFailed({ message: 'Too Many Requests' }), A.countersLoaded({ rules: [] })]);
    sub.unsubscribe();
  });
});
