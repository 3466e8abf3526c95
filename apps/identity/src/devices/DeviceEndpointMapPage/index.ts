export { DeviceEndpointMapPage } from './DeviceEndpointMapPage';
