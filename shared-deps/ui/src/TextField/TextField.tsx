import { forwardRef, useId, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { TextInput } from '@primer/react';

/** Props of {@link TextField}. Extra props go to the `<input>`. */
export interface TextFieldProps extends Omit<ComponentPropsWithoutRef<'input'>, 'size'> {
  /** Visible label of the input. */
  label: ReactNode;
  /** Error text for this field; when set the input is `aria-invalid` and described by the text. */
  error?: string | null;
  /** Help text under the input, also linked by `aria-describedby`. */
  hint?: ReactNode;
}

/**
 * A labelled text input with an optional hint and field error (Primer TextInput). The error is
 * visible text linked to the input with `aria-describedby` and flagged with `aria-invalid`, so a
 * screen reader reads it with the field. Built without Primer FormControl, which pulls in
 * Autocomplete and SelectPanel (PLATFORM-NOTES: the /login page stays under 200 KB gzip).
 */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, id, 'aria-describedby': describedBy, ...rest },
  ref,
) {
  const generatedId = useId();
  const inputId = id ?? `tf${generatedId}`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedByIds = [describedBy, hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 'var(--base-size-4, 4px)', marginBottom: 'var(--base-size-16, 16px)' }}>
      <label htmlFor={inputId} style={{ fontWeight: 'var(--base-text-weight-semibold, 600)' as unknown as number }}>
        {label}
      </label>
      <TextInput
        ref={ref}
        id={inputId}
        block
        validationStatus={error ? 'error' : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByIds}
        {...rest}
      />
      {hint ? (
        <span id={hintId} style={{ color: 'var(--fgColor-muted)', fontSize: 'var(--text-body-size-small, 12px)' }}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={errorId} style={{ color: 'var(--fgColor-danger, #d1242f)', fontSize: 'var(--text-body-size-small, 12px)' }}>
          {error}
        </span>
      ) : null}
    </div>
  );
});
