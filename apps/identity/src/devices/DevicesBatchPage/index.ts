export { DevicesBatchPage } from './DevicesBatchPage';
