/** @jest-environment jsdom */
import { combineReducers, configureStore, type Action, type Middleware } from '@reduxjs/toolkit';
import { createEpicMiddleware } from 'redux-observable';
import { BehaviorSubject } from 'rxjs';
import { navigateToUrl } from 'single-spa';
import type { SessionState } from '@tessera/bus';
import { testSession, testViewer } from '../testing/fixtures';
import { createShellEpic, type ShellEpicDependencies } from './shellSession.epics';
import { shellSessionActions, shellSessionSlice } from './shellSession.slice';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

function setup(initial: SessionState) {
  const session$ = new BehaviorSubject<SessionState>(initial);
  const bus = {
    session$,
    signedOut: jest.fn((reason?: string) => session$.next({ status: 'signedOut', reason })),
    sessionRefreshed: jest.fn(),
  };
  const api = { logout: jest.fn().mockResolvedValue(undefined), checkSession: jest.fn(), refreshSession: jest.fn() };
  let active = false;
  const seen: Action[] = [];
  const record: Middleware = () => (next) => (action) => {
    seen.push(action as Action);
    return next(action);
  };
  const epicMiddleware = createEpicMiddleware<Action, Action, unknown, ShellEpicDependencies>({ dependencies: { api, bus, now: () => 42 } });
  const store = configureStore({
    reducer: combineReducers({ shellSession: shellSessionSlice.reducer }),
    middleware: (getDefault) => getDefault().concat(record, epicMiddleware),
  });
  epicMiddleware.run(createShellEpic({ takeActivity: () => (active ? ((active = false), true) : false), dispose: () => {} }));
  return { store, api, bus, seen, markActive: () => (active = true) };
}

describe('shell session epics', () => {
  beforeEach(() => jest.mocked(navigateToUrl).mockClear());

  it('should log out on the server, publish signedOut, reset all state, then go to /login', async () => {
    const { store, api, bus, seen } = setup({ status: 'signedIn', viewer: testViewer(), session: testSession() });
    store.dispatch(shellSessionActions.signOutRequested());
    expect(store.getState().shellSession.signingOut).toBe(true);
    await new Promise((r) => setTimeout(r, 0));
    expect(api.logout).toHaveBeenCalledTimes(1);
    expect(bus.signedOut).toHaveBeenCalled();
    expect(seen.map((a) => a.type)).toContain('tessera/resetAll');
    expect(store.getState().shellSession.signingOut).toBe(false);
    expect(navigateToUrl).toHaveBeenCalledWith('/login');
  });

  it('should sign out even when the server logout fails', async () => {
    const { store, api, bus } = setup({ status: 'signedIn', viewer: testViewer(), session: testSession() });
    api.logout.mockRejectedValue(new Error('offline'));
    store.dispatch(shellSessionActions.signOutRequested());
    await new Promise((r) => setTimeout(r, 0));
    expect(bus.signedOut).toHaveBeenCalled();
    expect(navigateToUrl).toHaveBeenCalledWith('/login');
  });

  describe('keep-alive', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('should check an idle session, refresh an active one, and publish each answer', async () => {
      const { api, bus, seen, markActive } = setup({ status: 'signedIn', viewer: testViewer(), session: testSession(60) });
      api.checkSession.mockResolvedValue(testSession(60));
      api.refreshSession.mockResolvedValue(testSession(60));
      await jest.advanceTimersByTimeAsync(30_000);
      expect(api.checkSession).toHaveBeenCalledTimes(1);
      markActive();
      await jest.advanceTimersByTimeAsync(30_000);
      expect(api.refreshSession).toHaveBeenCalledTimes(1);
      expect(bus.sessionRefreshed).toHaveBeenCalledTimes(2);
      expect(seen.filter((a) => a.type === shellSessionActions.keepAliveTicked.type)).toHaveLength(2);
    });

    it('should sign out, reset all state and go to /login?redirect= when a check fails', async () => {
      window.history.replaceState(null, '', '/monitor/api-Rates');
      const { api, bus, seen } = setup({ status: 'signedIn', viewer: testViewer(), session: testSession(2) });
      api.checkSession.mockRejectedValue(Object.assign(new Error('not_logged_in'), { code: 'NOT_LOGGED_IN' }));
      await jest.advanceTimersByTimeAsync(1_000);
      expect(bus.signedOut).toHaveBeenCalledWith('expired');
      expect(seen.map((a) => a.type)).toEqual(expect.arrayContaining([shellSessionActions.sessionExpired.type, 'tessera/resetAll']));
      expect(navigateToUrl).toHaveBeenCalledWith('/login?redirect=%2Fmonitor%2Fapi-Rates');
      await jest.advanceTimersByTimeAsync(100_000);
      expect(api.checkSession).toHaveBeenCalledTimes(1);
    });

    it('should not run while signed out', async () => {
      const { api } = setup({ status: 'signedOut' });
      await jest.advanceTimersByTimeAsync(200_000);
      expect(api.checkSession).not.toHaveBeenCalled();
    });
  });
});
