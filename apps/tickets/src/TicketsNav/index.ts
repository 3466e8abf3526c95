export { TicketsNav } from './TicketsNav';
