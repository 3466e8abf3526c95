export { UserEditPage } from './UserEditPage';
