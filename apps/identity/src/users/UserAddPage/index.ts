export { UserAddPage } from './UserAddPage';
