export { AppletsPage } from './AppletsPage';
