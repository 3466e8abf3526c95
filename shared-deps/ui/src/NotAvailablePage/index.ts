export { NotAvailablePage } from './NotAvailablePage';
export type { NotAvailablePageProps, AreaScreen } from './NotAvailablePage';
