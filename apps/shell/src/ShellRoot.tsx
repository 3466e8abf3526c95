import { useCallback } from 'react';
import { createPortal } from 'react-dom';
import { useDispatch, useSelector } from 'react-redux';
import { session$, toasts$, type SessionState } from '@tessera/bus';
import { canViewRoute, matchRoute } from '@tessera/domain';
import { useLocation } from '@tessera/ui';
import { Header } from './components/Header';
import { PaymentDialog } from './components/PaymentDialog';
import { ShellOutlet } from './components/ShellOutlet';
import { ToastHost } from './components/ToastHost';
import { closePaymentDialog, paymentDialogOpen$ } from './errors/paymentRequired';
import { unexpectedError$ } from './errors/unexpectedError';
import { useObservable } from './hooks/useObservable';
import { shellSessionActions, shellSessionSelectors } from './session/shellSession.slice';
import { ToastProvider } from './toasts/ToastContext';
import { shellPageElement } from './dom';

const LOADING: SessionState = { status: 'loading' };

/**
 * The shell: the header with navigation, toasts and the payment dialog in `#tessera-shell`, and the
 * shell's own pages (or the Unexpected Error screen) in its container inside `#tessera-main`.
 */
export function ShellRoot() {
  const session = useObservable(session$, LOADING);
  const crash = useObservable(unexpectedError$, null);
  const paymentOpen = useObservable(paymentDialogOpen$, false);
  const { pathname } = useLocation();
  const dispatch = useDispatch();
  const signingOut = useSelector(shellSessionSelectors.selectSigningOut);
  const viewer = session.status === 'signedIn' ? session.viewer : null;
  const onSignOut = useCallback(() => dispatch(shellSessionActions.signOutRequested()), [dispatch]);
  const invoices = matchRoute('/config/invoices');
  const canManageBilling = Boolean(viewer && invoices && canViewRoute(invoices.route, viewer.permission));
  const pageContainer = shellPageElement();

  return (
    <ToastProvider toasts$={toasts$} tenancyTimeoutMs={viewer?.tenant.toastrTimeout ?? null}>
      <Header viewer={viewer} pathname={pathname} onSignOut={onSignOut} signingOut={signingOut} />
      <ToastHost />
      <PaymentDialog open={paymentOpen} canManageBilling={canManageBilling} onClose={closePaymentDialog} />
      {createPortal(<ShellOutlet pathname={pathname} viewer={viewer} crash={crash} container={pageContainer} />, pageContainer)}
    </ToastProvider>
  );
}
