import { TestScheduler } from 'rxjs/testing';
import type { SessionInfo, Viewer } from '@tessera/domain';
import { getSessionState, session$, sessionLoading, sessionRefreshed, signedIn, signedOut, type SessionState } from './session';

const viewer = { id: 'u1', username: 'alice' } as Viewer;
const s1: SessionInfo = { remainingSeconds: 900, expiresAt: '2026-01-01T00:15:00Z', absoluteExpiresAt: '2026-01-01T08:00:00Z' };
const s2: SessionInfo = { ...s1, remainingSeconds: 899 };

describe('session$', () => {
  beforeEach(() => sessionLoading());

  it('should replay the latest state to a late subscriber', () => {
    signedIn(viewer, s1);
    const seen: SessionState[] = [];
    session$.subscribe((state) => seen.push(state)).unsubscribe();
    expect(seen).toEqual([{ status: 'signedIn', viewer, session: s1 }]);
    expect(getSessionState()).toEqual({ status: 'signedIn', viewer, session: s1 });
  });

  it('should emit each writer in order', () => {
    const scheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
    scheduler.run(({ cold, expectObservable }) => {
      const writers: Record<string, () => void> = { a: () => signedIn(viewer, s1), b: () => sessionRefreshed(s2), c: () => signedOut('expired') };
      cold('-a-b-c|', writers).subscribe((write) => write());
      expectObservable(session$, '^------').toBe('la-b-c', {
        l: { status: 'loading' },
        a: { status: 'signedIn', viewer, session: s1 },
        b: { status: 'signedIn', viewer, session: s2 },
        c: { status: 'signedOut', reason: 'expired' },
      });
    });
  });

  it('should ignore a refresh when nobody is signed in', () => {
    signedOut();
    sessionRefreshed(s2);
    expect(getSessionState()).toEqual({ status: 'signedOut' });
  });
});
