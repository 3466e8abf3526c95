export { PasswordPrompt } from './PasswordPrompt';
export type { PasswordPromptProps } from './PasswordPrompt';
