export { PendingRevocationsPage } from './PendingRevocationsPage';
