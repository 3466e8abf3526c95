export { PaymentDialog } from './PaymentDialog';
export type { PaymentDialogProps } from './PaymentDialog';
