export { UsersListPage } from './UsersListPage';
