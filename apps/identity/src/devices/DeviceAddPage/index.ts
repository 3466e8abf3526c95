export { DeviceAddPage } from './DeviceAddPage';
