export { RoleEditPage } from './RoleEditPage';
