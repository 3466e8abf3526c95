import { forwardRef, useEffect, useId, useRef, useState, type ComponentPropsWithoutRef } from 'react';
import { Button, Text } from '@primer/react';
import { useToasts } from '../../toasts/ToastContext';

/** Props of {@link ToastLog}. Extra props go to the wrapping `<div>`. */
export type ToastLogProps = ComponentPropsWithoutRef<'div'>;

function formatTime(ms: number): string {
  return new Date(ms).toLocaleTimeString();
}

/**
 * The header's view of the toast log: a 'Notifications' button that shows the newest 20 toasts,
 * newest first (signin §9), in a panel that Escape or the button closes.
 */
export const ToastLog = forwardRef<HTMLDivElement, ToastLogProps>(function ToastLog({ style, ...rest }, ref) {
  const { log } = useToasts();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <div ref={ref} style={{ position: 'relative', ...style }} {...rest}>
      <Button
        ref={buttonRef}
        size="small"
        variant="invisible"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        count={log.length > 0 ? log.length : undefined}
      >
        Notifications
      </Button>
      {open ? (
        <div
          id={panelId}
          role="region"
          aria-label="Notification log"
          style={{
            position: 'absolute',
            right: 0,
            top: '100%',
            zIndex: 900,
            width: 360,
            maxHeight: '70vh',
            overflowY: 'auto',
            marginTop: 'var(--base-size-4, 4px)',
            padding: 'var(--base-size-8, 8px)',
            background: 'var(--overlay-bgColor, #fff)',
            color: 'var(--fgColor-default, #1f2328)',
            border: 'var(--borderWidth-thin, 1px) solid var(--borderColor-default, #d1d9e0)',
            borderRadius: 'var(--borderRadius-medium, 6px)',
            boxShadow: 'var(--shadow-floating-medium, 0 8px 24px rgba(0,0,0,.2))',
          }}
        >
          {log.length === 0 ? (
            <Text as="p" style={{ margin: 0, color: 'var(--fgColor-muted)' }}>
              No notifications yet
            </Text>
          ) : (
            <ol aria-label="Notifications, newest first" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {log.map((toast) => (
                <li
                  key={toast.id}
                  data-type={toast.type}
                  style={{ padding: 'var(--base-size-8, 8px) 0', borderBottom: 'var(--borderWidth-thin, 1px) solid var(--borderColor-muted, #d1d9e0b3)' }}
                >
                  <Text as="p" weight="semibold" style={{ margin: 0 }}>
                    {toast.title}
                  </Text>
                  {toast.message ? (
                    <Text as="p" size="small" style={{ margin: 0 }}>
                      {toast.message}
                    </Text>
                  ) : null}
                  <Text as="p" size="small" style={{ margin: 0, color: 'var(--fgColor-muted)' }}>
                    <time dateTime={new Date(toast.createdAt).toISOString()}>{formatTime(toast.createdAt)}</time>
                  </Text>
                </li>
              ))}
            </ol>
          )}
        </div>
      ) : null}
    </div>
  );
});
