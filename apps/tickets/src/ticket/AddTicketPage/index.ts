export { AddTicketPage } from './AddTicketPage';
