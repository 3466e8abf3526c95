/**
 * What root-config does with the api client's global errors when the shell does not export its own
 * handler (`handleGlobalApiError`) or could not be loaded (signin §7, admin-console §8).
 */

/** The global error codes of the api client (`ApiError.code`). */
export type GlobalErrorCode = 'NOT_LOGGED_IN' | 'PAYMENT_REQUIRED' | 'TOO_MANY_REQUESTS' | 'AUDIT_FAILED';

/** The toast texts the fallback uses: domain's MESSAGES. */
export interface GlobalErrorTexts {
  tooManyRequestsTitle: string;
  tooManyRequestsBody: string;
  auditOfflineTitle: string;
  auditOfflineBody: string;
  paymentRequiredTitle: string;
  paymentRequiredBody: string;
}

/** One step of the fallback. */
export type GlobalErrorAction =
  | { kind: 'ignore' }
  | { kind: 'signOut'; redirectTo: string | null }
  | { kind: 'toast'; toast: { type: 'error'; title: string; message: string } };

/** Context of {@link globalErrorAction}. */
export interface GlobalErrorContext {
  /** True while root-config is still loading the session: a 401 then just means "signed out". */
  booting: boolean;
  /** True when `session$` says signed in. */
  signedIn: boolean;
  /** Current path with its query, e.g. `/identity/users?x=1`. */
  currentPath: string;
  /** Domain's `loginRedirectPath`. */
  loginRedirectPath: (currentPath: string) => string | null;
  texts: GlobalErrorTexts;
}

/**
 * The fallback decision: 401 of a signed-in session → sign out and go to `/login?redirect=…` (null from
 * the exceptions of signin §2); 402, 429 and 503 → an error toast with the spec's texts; a 401 while
 * booting or when already signed out → nothing (the guard already handles the route).
 */
export function globalErrorAction(code: string, context: GlobalErrorContext): GlobalErrorAction {
  const { texts } = context;
  switch (code) {
    case 'NOT_LOGGED_IN':
      if (context.booting || !context.signedIn) return { kind: 'ignore' };
      return { kind: 'signOut', redirectTo: context.loginRedirectPath(context.currentPath) };
    case 'PAYMENT_REQUIRED':
      return { kind: 'toast', toast: { type: 'error', title: texts.paymentRequiredTitle, message: texts.paymentRequiredBody } };
    case 'TOO_MANY_REQUESTS':
      return { kind: 'toast', toast: { type: 'error', title: texts.tooManyRequestsTitle, message: texts.tooManyRequestsBody } };
    case 'AUDIT_FAILED':
      return { kind: 'toast', toast: { type: 'error', title: texts.auditOfflineTitle, message: texts.auditOfflineBody } };
    default:
      return { kind: 'ignore' };
  }
}

const GLOBAL_CODES: ReadonlySet<string> = new Set<GlobalErrorCode>(['NOT_LOGGED_IN', 'PAYMENT_REQUIRED', 'TOO_MANY_REQUESTS', 'AUDIT_FAILED']);

/**
 * Whether an uncaught error or unhandled rejection should open the Unexpected Error screen. Not:
 * an api error with a global code (already answered by the global handler), Chromium's benign
 * 'ResizeObserver loop' notices, and cross-origin 'Script error.' events that carry nothing.
 */
export function isReportableError(error: unknown, message?: string): boolean {
  const text = message ?? (error instanceof Error ? error.message : typeof error === 'string' ? error : '');
  if (/^ResizeObserver loop/.test(text)) return false;
  if (error === null || error === undefined) return text !== '' && text !== 'Script error.';
  if (typeof error === 'object' && 'code' in error && GLOBAL_CODES.has(String((error as { code: unknown }).code))) return false;
  return true;
}
