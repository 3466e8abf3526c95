import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import type { Observable } from 'rxjs';
import { addToast, EMPTY_TOAST_STATE, removeToast, type Toast, type ToastInput, type ToastState } from '@tessera/domain';

/** What the toast host and the toast log read. */
export interface ToastContextValue {
  /** Toasts on screen, newest first. */
  visible: readonly Toast[];
  /** The newest 20 toasts shown, newest first (signin §9). */
  log: readonly Toast[];
  /** Tenancy toastrTimeout in ms, or null for the default. */
  tenancyTimeoutMs: number | null;
  /** Takes a toast off the screen (it stays in the log). */
  dismiss(id: string): void;
}

const ToastContext = createContext<ToastContextValue | null>(null);

/** The toast state; throws outside a {@link ToastProvider}. */
export function useToasts(): ToastContextValue {
  const value = useContext(ToastContext);
  if (!value) throw new Error('useToasts must be used inside <ToastProvider>');
  return value;
}

type ToastAction = { type: 'added'; input: ToastInput; now: number; id: string } | { type: 'removed'; id: string };

function reducer(state: ToastState, action: ToastAction): ToastState {
  return action.type === 'added' ? addToast(state, action.input, action.now, action.id) : removeToast(state, action.id);
}

/** Props of {@link ToastProvider}. */
export interface ToastProviderProps {
  /** The toasts to show, e.g. the bus's `toasts$`. */
  toasts$: Observable<ToastInput>;
  /** Tenancy toastrTimeout in ms; null or undefined: 3000 ms. */
  tenancyTimeoutMs?: number | null;
  /** Clock, for tests. */
  now?: () => number;
  children?: ReactNode;
}

/**
 * Holds the toasts of the page: subscribes to `toasts$` and applies the pure rules of
 * `@tessera/domain` toasts.ts (newest first, a duplicate of a visible toast suppressed, a log of the
 * newest 20). Toast state is page UI state, so it lives here rather than in the store.
 */
export function ToastProvider({ toasts$, tenancyTimeoutMs = null, now = Date.now, children }: ToastProviderProps) {
  const [state, dispatch] = useReducer(reducer, EMPTY_TOAST_STATE);
  const nextId = useRef(0);
  const nowRef = useRef(now);
  nowRef.current = now;

  useEffect(() => {
    const subscription = toasts$.subscribe((input) => {
      nextId.current += 1;
      dispatch({ type: 'added', input, now: nowRef.current(), id: `toast-${nextId.current}` });
    });
    return () => subscription.unsubscribe();
  }, [toasts$]);

  const dismiss = useCallback((id: string) => dispatch({ type: 'removed', id }), []);
  const value = useMemo<ToastContextValue>(
    () => ({ visible: state.visible, log: state.log, tenancyTimeoutMs: tenancyTimeoutMs ?? null, dismiss }),
    [state, tenancyTimeoutMs, dismiss],
  );
  return <ToastContext.Provider value={value}>{children}</ToastContext.Provider>;
}
