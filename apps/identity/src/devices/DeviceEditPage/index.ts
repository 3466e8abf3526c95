export { DeviceEditPage } from './DeviceEditPage';
