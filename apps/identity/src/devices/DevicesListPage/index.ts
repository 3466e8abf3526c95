export { DevicesListPage } from './DevicesListPage';
