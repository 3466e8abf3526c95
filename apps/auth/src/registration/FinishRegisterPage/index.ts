export { FinishRegisterPage } from './FinishRegisterPage';
