export { DeniedPage } from './DeniedPage';
