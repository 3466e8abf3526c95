export { RolesListPage } from './RolesListPage';
