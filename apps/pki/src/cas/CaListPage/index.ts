export { CaListPage } from './CaListPage';
