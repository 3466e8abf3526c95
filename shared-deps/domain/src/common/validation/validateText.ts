/** Text rule (admin-console §5): no control characters below code 32. */
import { COMMON_MESSAGES as MESSAGES } from '../messages';

/** Options of {@link validateText}. */
export interface ValidateTextOptions {
  /** Allow line feeds, carriage returns and tabs, for multi-line fields. @default false */
  multiline?: boolean;
}

/**
 * The error text for a text field, or null: any character below code 32 is rejected (admin-console
 * §5); a multi-line field also accepts tab, line feed and carriage return.
 */
export function validateText(value: string, { multiline = false }: ValidateTextOptions = {}): string | null {
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code >= 32) continue;
    if (multiline && (code === 9 || code === 10 || code === 13)) continue;
    return MESSAGES.TEXT_INVALID_CHARACTER;
  }
  return null;
}
