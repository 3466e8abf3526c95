export { ActivateAccountPage } from './ActivateAccountPage';
