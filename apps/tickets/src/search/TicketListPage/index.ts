export { TicketListPage, filtersOf } from './TicketListPage';
export type { TicketFilterForm } from './TicketListPage';
