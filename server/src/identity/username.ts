/**
 * Username rules (admin-console §5 "Username"). LOCAL STAND-IN for `validateUsername` / `trimUsername`
 * of `@tessera/domain` (platform-contracts.md); swap when the domain exports them.
 */

/** Texts of the username rules (admin-console §5). */
export const USERNAME_MESSAGES = Object.freeze({
  required: 'No Username entered.',
  invalidCharacter: 'The username contains an invalid character.',
  notAllowed: (ch: string) => `The character '${ch}' is not allowed in usernames.`,
  invalid: 'Invalid username.',
});

const FORBIDDEN = new Set(['/', '\\', '#', '%', '?']);

/** Trims a username (signin §5: the login username is trimmed). */
export function trimUsername(value: string): string {
  return value.trim();
}

/**
 * Checks a username. Returns the error text, or null when it is acceptable.
 * @param value - the username, already trimmed
 * @param options.pattern - the tenant's extra rule (regular expression source), if any
 * @param options.patternMessage - text when the pattern does not match (default 'Invalid username.')
 */
export function validateUsername(value: string, options: { pattern?: string | null; patternMessage?: string } = {}): string | null {
  if (value.trim() === '') return USERNAME_MESSAGES.required;
  for (const ch of value) {
    if (FORBIDDEN.has(ch)) return USERNAME_MESSAGES.notAllowed(ch);
    const code = ch.codePointAt(0) ?? 0;
    if (code < 32 || code >= 127) return USERNAME_MESSAGES.invalidCharacter;
  }
  if (options.pattern) {
    let re: RegExp;
    try {
      re = new RegExp(options.pattern);
    } catch {
      return options.patternMessage ?? USERNAME_MESSAGES.invalid;
    }
    if (!re.test(value)) return options.patternMessage ?? USERNAME_MESSAGES.invalid;
  }
  return null;
}
