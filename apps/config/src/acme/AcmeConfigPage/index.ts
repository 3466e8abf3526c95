export { AcmeConfigPage } from './AcmeConfigPage';
