export { KeyRequestPage } from './KeyRequestPage';
