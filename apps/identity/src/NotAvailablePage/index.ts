export { NotAvailablePage, BUILT_SCREENS } from './NotAvailablePage';
