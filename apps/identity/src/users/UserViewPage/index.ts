export { UserViewPage } from './UserViewPage';
