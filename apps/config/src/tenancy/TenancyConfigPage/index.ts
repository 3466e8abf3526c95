export { TenancyConfigPage } from './TenancyConfigPage';
