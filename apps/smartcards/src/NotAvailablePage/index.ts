export { NotAvailablePage, READERS_PATH } from './NotAvailablePage';
