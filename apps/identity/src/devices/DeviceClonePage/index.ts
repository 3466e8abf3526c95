export { DeviceClonePage } from './DeviceClonePage';
