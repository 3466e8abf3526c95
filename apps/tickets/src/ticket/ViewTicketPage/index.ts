export { ViewTicketPage } from './ViewTicketPage';
