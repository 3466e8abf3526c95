export { TicketListPage, filtersOf } from './TicketListPage';
