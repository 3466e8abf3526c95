export { ReadersPage } from './ReadersPage';
