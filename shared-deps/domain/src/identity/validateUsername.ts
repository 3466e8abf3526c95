/** Username rules (admin-console §5; signin §5 "Login username is trimmed"). */
import { IDENTITY_MESSAGES as MESSAGES, usernameCharacterNotAllowed } from './messages';

/** Characters never allowed in a username (admin-console §5). */
export const USERNAME_DISALLOWED_CHARACTERS: readonly string[] = Object.freeze(['/', '\\', '#', '%', '?']);

/** Options of {@link validateUsername}. */
export interface ValidateUsernameOptions {
  /** The tenant's username pattern, if it sets one; the whole trimmed username must match. */
  pattern?: string | RegExp;
  /** The tenant's message for a pattern mismatch. @default 'Invalid username.' */
  patternMessage?: string;
}

/** The username as sent at sign-in: trimmed (signin §5). */
export function trimUsername(value: string): string {
  return value.trim();
}

function compilePattern(pattern: string | RegExp): RegExp | null {
  if (pattern instanceof RegExp) return pattern;
  try {
    return new RegExp(`^(?:${pattern})$`);
  } catch {
    return null;
  }
}

/**
 * The error text for a username, or null when it is acceptable (admin-console §5), checked on the
 * trimmed value in this order: required ('No Username entered.'); none of / \ # % ? ("The character
 * 'X' is not allowed in usernames."); no character below code 32 or from 127 up ('The username
 * contains an invalid character.'); the tenant pattern when given (its message or 'Invalid
 * username.'). A tenant pattern that is not a valid regular expression rejects every username.
 */
export function validateUsername(value: string, { pattern, patternMessage = MESSAGES.USERNAME_INVALID }: ValidateUsernameOptions = {}): string | null {
  const username = trimUsername(value);
  if (username === '') return MESSAGES.USERNAME_REQUIRED;
  const disallowed = [...username].find((char) => USERNAME_DISALLOWED_CHARACTERS.includes(char));
  if (disallowed !== undefined) return usernameCharacterNotAllowed(disallowed);
  for (const char of username) {
    const code = char.codePointAt(0)!;
    if (code < 32 || code >= 127) return MESSAGES.USERNAME_INVALID_CHARACTER;
  }
  if (pattern !== undefined) {
    const regex = compilePattern(pattern);
    if (!regex) return patternMessage;
    regex.lastIndex = 0;
    if (!regex.test(username)) return patternMessage;
  }
  return null;
}
