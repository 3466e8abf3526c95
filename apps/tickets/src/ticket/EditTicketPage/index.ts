export { EditTicketPage, ticketFormChanged } from './EditTicketPage';
