import { globalErrorAction, isReportableError, type GlobalErrorContext } from './globalErrorFallback';

const texts = {
  tooManyRequestsTitle: 'Too Many Requests',
  tooManyRequestsBody: "You're making too many requests too quickly! Please slow down.",
  auditOfflineTitle: 'Audit Offline',
  auditOfflineBody: 'Tessera cannot operate without Audit functionality.',
  paymentRequiredTitle: 'Payment Required',
  paymentRequiredBody: 'A payment method is required.',
};
const context = (over: Partial<GlobalErrorContext> = {}): GlobalErrorContext => ({
  booting: false,
  signedIn: true,
  currentPath: '/identity/users',
  loginRedirectPath: (p) => `/login?redirect=${encodeURIComponent(p)}`,
  texts,
  ...over,
});

describe('globalErrorAction', () => {
  it('should sign out and redirect to login on a 401 of a signed-in session', () => {
    expect(globalErrorAction('NOT_LOGGED_IN', context())).toEqual({ kind: 'signOut', redirectTo: '/login?redirect=%2Fidentity%2Fusers' });
  });

  it('should ignore a 401 while booting or when already signed out', () => {
    expect(globalErrorAction('NOT_LOGGED_IN', context({ booting: true }))).toEqual({ kind: 'ignore' });
    expect(globalErrorAction('NOT_LOGGED_IN', context({ signedIn: false }))).toEqual({ kind: 'ignore' });
  });

  it("should toast 'Too Many Requests' on a 429", () => {
    expect(globalErrorAction('TOO_MANY_REQUESTS', context())).toEqual({
      kind: 'toast',
      toast: { type: 'error', title: 'Too Many Requests', message: "You're making too many requests too quickly! Please slow down." },
    });
  });

  it("should toast 'Audit Offline' on a 503 Audit failed", () => {
    expect(globalErrorAction('AUDIT_FAILED', context())).toMatchObject({ kind: 'toast', toast: { title: 'Audit Offline' } });
  });

  it('should toast on a 402 when the shell has no payment dialog', () => {
    expect(globalErrorAction('PAYMENT_REQUIRED', context())).toMatchObject({ kind: 'toast', toast: { title: 'Payment Required' } });
  });

  it('should leave other errors to the caller', () => {
    expect(globalErrorAction('VALIDATION', context())).toEqual({ kind: 'ignore' });
  });
});

describe('isReportableError', () => {
  it('should report an ordinary error', () => {
    expect(isReportableError(new TypeError('x is undefined'))).toBe(true);
  });

  it('should not report an api error the global handler already answered', () => {
    expect(isReportableError({ code: 'NOT_LOGGED_IN', status: 401, message: 'not_logged_in' })).toBe(false);
    expect(isReportableError({ code: 'AUDIT_FAILED', status: 503, message: 'Audit failed' })).toBe(false);
  });

  it('should report an api error that is not global', () => {
    expect(isReportableError({ code: 'INTERNAL', status: 500, message: 'x' })).toBe(true);
  });

  it("should not report Chromium's ResizeObserver notices nor empty cross-origin 'Script error.'", () => {
    expect(isReportableError(null, 'ResizeObserver loop completed with undelivered notifications.')).toBe(false);
    expect(isReportableError(null, 'Script error.')).toBe(false);
  });
});
