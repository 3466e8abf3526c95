/** @jest-environment jsdom */
import { navigateToUrl } from 'single-spa';
import { showToast, signedIn, signedOut } from '@tessera/bus';
import { getStore } from '@tessera/store';
import { testSession, testViewer } from '../testing/fixtures';
import { handleGlobalApiError } from './handleGlobalApiError';
import { closePaymentDialog, paymentDialogOpen$ } from './paymentRequired';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));
jest.mock('@tessera/bus', () => {
  const { BehaviorSubject } = jest.requireActual<typeof import('rxjs')>('rxjs');
  const session$ = new BehaviorSubject<unknown>({ status: 'loading' });
  return {
    session$,
    getSessionState: () => session$.getValue(),
    showToast: jest.fn(),
    signedIn: jest.fn((viewer: unknown, session: unknown) => session$.next({ status: 'signedIn', viewer, session })),
    signedOut: jest.fn((reason?: string) => session$.next({ status: 'signedOut', reason })),
  };
});
jest.mock('@tessera/store', () => {
  const dispatch = jest.fn();
  return { getStore: () => ({ dispatch }), resetAll: () => ({ type: 'tessera/resetAll' }) };
});

describe('handleGlobalApiError', () => {
  beforeEach(() => {
    jest.mocked(navigateToUrl).mockClear();
    jest.mocked(showToast).mockClear();
    jest.mocked(signedOut).mockClear();
  });

  it("should toast 'Too Many Requests' on 429", () => {
    handleGlobalApiError({ code: 'TOO_MANY_REQUESTS' });
    expect(showToast).toHaveBeenCalledWith({
      type: 'error',
      title: 'Too Many Requests',
      message: "You're making too many requests too quickly! Please slow down.",
    });
  });

  it("should toast 'Audit Offline' on 503 Audit failed", () => {
    handleGlobalApiError({ code: 'AUDIT_FAILED' });
    expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ type: 'error', title: 'Audit Offline', message: expect.stringContaining('cannot operate without Audit') }));
  });

  it('should open the payment-method dialog on 402', () => {
    const seen: boolean[] = [];
    const sub = paymentDialogOpen$.subscribe((open) => seen.push(open));
    handleGlobalApiError({ code: 'PAYMENT_REQUIRED' });
    expect(seen.at(-1)).toBe(true);
    closePaymentDialog();
    sub.unsubscribe();
  });

  it('should leave a 401 during the boot to root-config', () => {
    handleGlobalApiError({ code: 'NOT_LOGGED_IN' });
    expect(signedOut).not.toHaveBeenCalled();
  });

  it('should sign out, clear all state and go to /login?redirect= on a 401 while signed in', () => {
    window.history.replaceState(null, '', '/monitor/api-Rates');
    signedIn(testViewer(), testSession());
    handleGlobalApiError({ code: 'NOT_LOGGED_IN' });
    expect(signedOut).toHaveBeenCalledWith('not_logged_in');
    expect(getStore().dispatch).toHaveBeenCalledWith({ type: 'tessera/resetAll' });
    expect(navigateToUrl).toHaveBeenCalledWith('/login?redirect=%2Fmonitor%2Fapi-Rates');
    // Already signed out: a second 401 does nothing more.
    handleGlobalApiError({ code: 'NOT_LOGGED_IN' });
    expect(signedOut).toHaveBeenCalledTimes(1);
  });
});
