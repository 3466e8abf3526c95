import { forwardRef, useCallback, useEffect, useId, useRef, useState, type ComponentPropsWithoutRef } from 'react';
import { Button, Text } from '@primer/react';
import {
  TOAST_FORCE_CLOSE_MS,
  TOAST_HOVER_REMOVE_DELAY_MS,
  toastRemovesOnHover,
  toastTimeoutMs,
  type Toast,
  type ToastKind,
} from '@tessera/domain';
import { useToasts } from '../../toasts/ToastContext';

/** Fade durations of a toast (signin §9: fade-in and fade-out). */
export const TOAST_FADE_IN_MS = 150;
export const TOAST_FADE_OUT_MS = 300;

const ACCENT: Record<ToastKind, string> = {
  light: 'var(--borderColor-default, #d1d9e0)',
  message: 'var(--borderColor-accent-emphasis, #0969da)',
  info: 'var(--borderColor-accent-emphasis, #0969da)',
  success: 'var(--borderColor-success-emphasis, #1a7f37)',
  warning: 'var(--borderColor-attention-emphasis, #9a6700)',
  error: 'var(--borderColor-danger-emphasis, #cf222e)',
};

const CSS = `
@keyframes tessera-toast-in { from { opacity: 0; transform: translateY(-4px); } to { opacity: 1; transform: none; } }
[data-tessera-toast] { animation: tessera-toast-in ${TOAST_FADE_IN_MS}ms ease-out; transition: opacity ${TOAST_FADE_OUT_MS}ms ease-in; }
[data-tessera-toast][data-state="leaving"] { opacity: 0; }
@media (prefers-reduced-motion: reduce) { [data-tessera-toast] { animation: none; transition: none; } }
`;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Props of {@link ToastItem}. */
interface ToastItemProps {
  toast: Toast;
  tenancyTimeoutMs: number | null;
  onRemoved(id: string): void;
}

/**
 * One toast and its life (signin §9): fades in; closes after its timeout (3000 ms or the tenancy
 * toastrTimeout; message toasts never); hovering pauses that, and leaving it removes the toast after
 * 1000 ms (not for message toasts); the close button closes it; closing fades out and the toast is
 * removed when the fade ends, or after 6000 ms if the fade never reports its end.
 */
function ToastItem({ toast, tenancyTimeoutMs, onRemoved }: ToastItemProps) {
  const [leaving, setLeaving] = useState(false);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const forceTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const removed = useRef(false);
  const titleId = useId();
  const timeoutMs = toastTimeoutMs(toast.type, tenancyTimeoutMs ?? undefined);
  const removesOnHover = toastRemovesOnHover(toast.type);

  const remove = useCallback(() => {
    if (removed.current) return;
    removed.current = true;
    onRemoved(toast.id);
  }, [onRemoved, toast.id]);

  const clearHideTimer = () => {
    if (hideTimer.current !== null) clearTimeout(hideTimer.current);
    hideTimer.current = null;
  };

  const close = useCallback(() => {
    if (hideTimer.current !== null) clearTimeout(hideTimer.current);
    hideTimer.current = null;
    if (prefersReducedMotion()) {
      remove();
      return;
    }
    setLeaving(true);
    if (forceTimer.current === null) forceTimer.current = setTimeout(remove, TOAST_FORCE_CLOSE_MS);
  }, [remove]);

  useEffect(() => {
    if (timeoutMs !== null) hideTimer.current = setTimeout(close, timeoutMs);
    return () => {
      if (hideTimer.current !== null) clearTimeout(hideTimer.current);
      if (forceTimer.current !== null) clearTimeout(forceTimer.current);
    };
  }, [timeoutMs, close]);

  return (
    <div
      data-tessera-toast=""
      data-type={toast.type}
      data-state={leaving ? 'leaving' : 'shown'}
      role={toast.type === 'error' ? 'alert' : 'status'}
      aria-labelledby={toast.title ? titleId : undefined}
      onTransitionEnd={(event) => {
        if (leaving && event.target === event.currentTarget) remove();
      }}
      onMouseEnter={() => {
        if (removesOnHover && !leaving) clearHideTimer();
      }}
      onMouseLeave={() => {
        if (!removesOnHover || leaving) return;
        clearHideTimer();
        hideTimer.current = setTimeout(close, TOAST_HOVER_REMOVE_DELAY_MS);
      }}
      style={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: 'var(--base-size-8, 8px)',
        width: 340,
        maxWidth: 'calc(100vw - 32px)',
        padding: 'var(--base-size-12, 12px)',
        background: 'var(--bgColor-default, #fff)',
        color: 'var(--fgColor-default, #1f2328)',
        border: 'var(--borderWidth-thin, 1px) solid var(--borderColor-default, #d1d9e0)',
        borderLeft: `4px solid ${ACCENT[toast.type] ?? ACCENT.info}`,
        borderRadius: 'var(--borderRadius-medium, 6px)',
        boxShadow: 'var(--shadow-floating-small, 0 6px 12px rgba(0,0,0,.15))',
        pointerEvents: 'auto',
      }}
    >
      <div style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
        {toast.title ? (
          <Text as="p" id={titleId} weight="semibold" style={{ margin: 0 }}>
            {toast.title}
          </Text>
        ) : null}
        {toast.message ? (
          <Text as="p" size="small" style={{ margin: 0 }}>
            {toast.message}
          </Text>
        ) : null}
      </div>
      <Button variant="invisible" size="small" aria-label="Close" onClick={close}>
        ×
      </Button>
    </div>
  );
}

/** Props of {@link ToastHost}. Extra props go to the fixed container. */
export type ToastHostProps = ComponentPropsWithoutRef<'div'>;

/**
 * The toast stack: fixed at the top right, newest on top (signin §9). Reads the toasts of the
 * enclosing ToastProvider.
 */
export const ToastHost = forwardRef<HTMLDivElement, ToastHostProps>(function ToastHost({ style, ...rest }, ref) {
  const { visible, tenancyTimeoutMs, dismiss } = useToasts();
  return (
    <div
      ref={ref}
      data-tessera-toast-host=""
      style={{
        position: 'fixed',
        top: 'var(--base-size-16, 16px)',
        right: 'var(--base-size-16, 16px)',
        zIndex: 1000,
        display: 'flex',
        flexDirection: 'column',
        gap: 'var(--base-size-8, 8px)',
        pointerEvents: 'none',
        ...style,
      }}
      {...rest}
    >
      <style>{CSS}</style>
      {visible.map((toast) => (
        <ToastItem key={toast.id} toast={toast} tenancyTimeoutMs={tenancyTimeoutMs} onRemoved={dismiss} />
      ))}
    </div>
  );
});
