export { DeviceEndpointsSection } from './DeviceEndpointsSection';
