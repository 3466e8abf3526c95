export { TicketForm } from './TicketForm';
export type { TicketFormProps, TicketFormValues } from './TicketForm';
