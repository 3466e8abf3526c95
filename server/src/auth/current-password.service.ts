/**
 * What other areas may use of the current-password check (server/CONTEXT.md: areas meet through
 * `*.service.ts`): the identity area asks for the editor's password when a protected user field changes.
 */
export { checkCurrentPassword } from './current-password';
export type { PasswordCaller, PasswordHolder } from './current-password';
