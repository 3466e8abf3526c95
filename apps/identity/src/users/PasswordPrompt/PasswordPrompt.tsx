import { useEffect, useId, useRef, useState } from 'react';
import { Button, Text } from '@primer/react';
import { MESSAGES } from '@tessera/domain';
import { TextField } from '@tessera/ui';

/** Props of {@link PasswordPrompt}. */
export interface PasswordPromptProps {
  /** The server's answer to the last try (e.g. 'The current password is not correct.'). */
  error?: string | null;
  busy?: boolean;
  onSubmit: (password: string) => void;
  onCancel: () => void;
}

/**
 * The re-authentication dialog of a user update that changes a protected field (admin-console §4 "User
 * update", §8): 'A protected field was modified. Please re-enter the existing password'. A plain modal
 * element, as the shell's PaymentDialog is.
 */
export function PasswordPrompt({ error, busy, onSubmit, onCancel }: PasswordPromptProps) {
  const titleId = useId();
  const [password, setPassword] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    inputRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCancel();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onCancel]);
  return (
    <div style={{ position: 'fixed', inset: 0, zIndex: 1100, display: 'flex', alignItems: 'center', justifyContent: 'center', background: 'var(--overlay-backdrop-bgColor, rgba(31,35,40,.5))' }}>
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        style={{ background: 'var(--bgColor-default, #fff)', padding: 'var(--base-size-24, 24px)', borderRadius: 12, maxWidth: 480, width: '100%' }}
      >
        <Text as="p" id={titleId} style={{ fontWeight: 600 }}>
          {MESSAGES.PROTECTED_FIELD_PASSWORD}
        </Text>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            onSubmit(password);
          }}
        >
          <TextField ref={inputRef} label="Your password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} error={error ?? null} />
          <div style={{ display: 'flex', gap: 'var(--base-size-8, 8px)' }}>
            <Button type="submit" variant="primary" disabled={busy || password === ''}>
              Confirm
            </Button>
            <Button type="button" onClick={onCancel}>
              Cancel
            </Button>
          </div>
        </form>
      </div>
    </div>
  );
}
