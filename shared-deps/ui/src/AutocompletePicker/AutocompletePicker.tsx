import { forwardRef, useEffect, useId, useRef, useState, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { AUTOCOMPLETE_DEBOUNCE_MS, AUTOCOMPLETE_FETCH_SIZE, AUTOCOMPLETE_SHOW_SIZE } from '@tessera/domain';

/** One choice of the picker. */
export interface AutocompleteOption {
  id: string;
  label: string;
}

/** Props of {@link AutocompletePicker}. Extra props go to the `<input>`. */
export interface AutocompletePickerProps extends Omit<ComponentPropsWithoutRef<'input'>, 'onSelect' | 'value' | 'onChange'> {
  /** Visible label of the input. */
  label: ReactNode;
  /** Fetches up to `take` choices matching `text` (the server searches; the picker asks for 100). */
  fetchOptions(text: string, take: number): Promise<AutocompleteOption[]>;
  /** Called with the chosen option. */
  onSelect(option: AutocompleteOption): void;
  /** Quiet time after the last keystroke before fetching. @default AUTOCOMPLETE_DEBOUNCE_MS (200 ms) */
  debounceMs?: number;
}

/**
 * A search-as-you-type picker (issue 13 "Autocomplete pickers fetch 100, show 10, debounce 200 ms"): it
 * waits for a quiet `debounceMs`, fetches {@link AUTOCOMPLETE_FETCH_SIZE} choices, lists the first
 * {@link AUTOCOMPLETE_SHOW_SIZE}, and ignores answers to superseded texts. ARIA combobox with a listbox.
 */
export const AutocompletePicker = forwardRef<HTMLInputElement, AutocompletePickerProps>(function AutocompletePicker(
  { label, fetchOptions, onSelect, debounceMs = AUTOCOMPLETE_DEBOUNCE_MS, id, ...rest },
  ref,
) {
  const generatedId = useId();
  const inputId = id ?? `ac${generatedId}`;
  const listId = `${inputId}-list`;
  const [text, setText] = useState('');
  const [options, setOptions] = useState<AutocompleteOption[]>([]);
  const [open, setOpen] = useState(false);
  const sequence = useRef(0);

  useEffect(() => {
    const wanted = text.trim();
    if (wanted === '') {
      setOptions([]);
      return undefined;
    }
    const mine = ++sequence.current;
    const timer = setTimeout(() => {
      fetchOptions(wanted, AUTOCOMPLETE_FETCH_SIZE).then(
        (found) => {
          if (mine !== sequence.current) return;
          setOptions(found.slice(0, AUTOCOMPLETE_SHOW_SIZE));
          setOpen(true);
        },
        () => {
          if (mine === sequence.current) setOptions([]);
        },
      );
    }, debounceMs);
    return () => clearTimeout(timer);
  }, [text, fetchOptions, debounceMs]);

  const expanded = open && options.length > 0;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 'var(--base-size-4, 4px)', position: 'relative' }}>
      <label htmlFor={inputId} style={{ fontWeight: 'var(--base-text-weight-semibold, 600)' as unknown as number }}>
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        autoComplete="off"
        value={text}
        onChange={(event) => setText(event.target.value)}
        {...rest}
      />
      <ul id={listId} role="listbox" aria-label={typeof label === 'string' ? label : undefined} hidden={!expanded} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {options.map((option) => (
          <li
            key={option.id}
            role="option"
            aria-selected={false}
            tabIndex={-1}
            onClick={() => {
              setText(option.label);
              setOpen(false);
              onSelect(option);
            }}
            style={{ cursor: 'pointer', padding: 'var(--base-size-4, 4px)' }}
          >
            {option.label}
          </li>
        ))}
      </ul>
    </div>
  );
});
