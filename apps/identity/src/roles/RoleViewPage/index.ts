export { RoleViewPage } from './RoleViewPage';
