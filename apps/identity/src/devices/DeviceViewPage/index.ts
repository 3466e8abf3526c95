export { DeviceViewPage } from './DeviceViewPage';
