export { RecoveryCodes } from './RecoveryCodes';
export type { RecoveryCodesProps } from './RecoveryCodes';
