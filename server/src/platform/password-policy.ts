/**
 * New-password rules (admin-console §5 "a password breach list check exists"): a minimum length, a
 * zxcvbn-ts strength score, and refusal of any password of the common/breached list shipped with
 * @zxcvbn-ts/language-common (about 49 000 passwords from breach corpora; no network call). The one
 * policy of every password a person sets: Bootstrap, POST User, ChangePassword and reset (issue 18).
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { MESSAGES, type PasswordConfig } from '@tessera/domain';

/** The rules the server enforces and the console shows. */
export const PASSWORD_CONFIG: Readonly<PasswordConfig> = Object.freeze({ minLength: 10, minScore: 3 });

let zxcvbn: ZxcvbnFactory | null = null;
let breached: ReadonlySet<string> | null = null;

function checker(): { zxcvbn: ZxcvbnFactory; breached: ReadonlySet<string> } {
  zxcvbn ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  breached ??= new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));
  return { zxcvbn, breached };
}

/** Why a new password is refused, or null when it is accepted. */
export function passwordProblem(password: string, userInputs: string[] = [], config: PasswordConfig = PASSWORD_CONFIG): string | null {
  if (password.length < config.minLength) return `The new password must be at least ${config.minLength} characters long.`;
  const { zxcvbn: z, breached: list } = checker();
  if (list.has(password.toLowerCase())) return MESSAGES.PASSWORD_BREACHED;
  // zxcvbn looks at the first 256 characters only; longer passwords are long enough.
  const result = z.check(password.slice(0, 256), userInputs.filter((u) => u !== ''));
  if (result.score < config.minScore) {
    const hint = result.feedback.warning ?? result.feedback.suggestions[0] ?? null;
    return hint ? `${MESSAGES.PASSWORD_TOO_WEAK} ${hint}` : MESSAGES.PASSWORD_TOO_WEAK;
  }
  return null;
}
