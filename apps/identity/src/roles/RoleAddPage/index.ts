export { RoleAddPage } from './RoleAddPage';
