import { useEffect, useId, useRef } from 'react';
import { Button, Link, Text } from '@primer/react';
import { TEXTS } from '../../texts';
import { followLink } from '@tessera/ui';

/** Props of {@link PaymentDialog}. */
export interface PaymentDialogProps {
  open: boolean;
  /** Whether the viewer may open the tenancy invoices page (link shown only then). */
  canManageBilling: boolean;
  onClose(): void;
}

/**
 * The payment-method dialog a 402 answer opens (signin §7, admin-console §8): a modal dialog with a
 * link to the tenancy invoices page for those who may view it. A plain element rather than Primer
 * Dialog, which would add its overlay machinery to every page's shared Primer bundle.
 */
export function PaymentDialog({ open, canManageBilling, onClose }: PaymentDialogProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    dialogRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [open, onClose]);

  if (!open) return null;
  return (
    <div
      style={{ position: 'fixed', inset: 0, zIndex: 1100, display: 'flex', alignItems: 'center', justifyContent: 'center', background: 'var(--overlay-backdrop-bgColor, rgba(31,35,40,.5))' }}
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        style={{
          width: 440,
          maxWidth: 'calc(100vw - 32px)',
          padding: 'var(--base-size-24, 24px)',
          background: 'var(--overlay-bgColor, #fff)',
          borderRadius: 'var(--borderRadius-large, 12px)',
          boxShadow: 'var(--shadow-floating-large, 0 12px 28px rgba(0,0,0,.3))',
        }}
      >
        <h2 id={titleId} style={{ marginTop: 0 }}>
          {TEXTS.paymentTitle}
        </h2>
        <Text as="p">{TEXTS.paymentBody}</Text>
        <div style={{ display: 'flex', gap: 'var(--base-size-8, 8px)', justifyContent: 'flex-end', alignItems: 'center' }}>
          {canManageBilling ? (
            <Link
              href="/config/invoices"
              onClick={(event) => {
                onClose();
                followLink(event);
              }}
            >
              Open billing settings
            </Link>
          ) : null}
          <Button variant="primary" onClick={onClose}>
            Close
          </Button>
        </div>
      </div>
    </div>
  );
}
