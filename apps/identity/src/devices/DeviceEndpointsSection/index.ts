export { DeviceEndpointsSection, ENDPOINT_STATUS_BADGES } from './DeviceEndpointsSection';
