export { ChangePasswordPage } from './ChangePasswordPage';
