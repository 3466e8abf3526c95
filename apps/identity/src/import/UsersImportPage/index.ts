export { UsersImportPage } from './UsersImportPage';
