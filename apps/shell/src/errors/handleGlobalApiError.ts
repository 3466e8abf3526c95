import type { ApiError } from '@tessera/api';
import { getSessionState, showToast, signedOut } from '@tessera/bus';
import { toastForGlobalError } from '@tessera/domain';
import { getStore, resetAll } from '@tessera/store';
import { signedOutTarget } from '../session/signedOutTarget';
import { openPaymentDialog } from './paymentRequired';
import { navigate } from '@tessera/ui';

/**
 * The console's answer to the api client's global errors (signin §7, admin-console §8). Cross-app
 * export: root-config passes it as `onGlobalError` of `createApiClient`.
 * - 401 `not_logged_in` (NOT_LOGGED_IN): a signed-in session has ended on the server: publish
 *   `signedOut`, clear every slice, and go to `/login?redirect=<current path>` (not from a public
 *   route, nor from the exceptions of signin §2). While the boot is still loading the session,
 *   root-config decides, so nothing happens here.
 * - 402 (PAYMENT_REQUIRED): opens the payment-method dialog.
 * - 429 `Too Many Requests`: error toast 'Too Many Requests' / 'You're making too many requests too
 *   quickly! Please slow down.'
 * - 503 `Audit failed`: error toast 'Audit Offline' (the product cannot operate without Audit).
 * Other errors are the caller's to show.
 */
export function handleGlobalApiError(error: Pick<ApiError, 'code'>): void {
  switch (error.code) {
    case 'NOT_LOGGED_IN': {
      if (getSessionState().status !== 'signedIn') return;
      signedOut('not_logged_in');
      getStore().dispatch(resetAll());
      const target = signedOutTarget(window.location.pathname + window.location.search);
      if (target) navigate(target);
      return;
    }
    case 'PAYMENT_REQUIRED':
      openPaymentDialog();
      return;
    default: {
      const toast = toastForGlobalError(error.code);
      if (toast) showToast(toast);
      return;
    }
  }
}
