export { RevocationsPage } from './RevocationsPage';
