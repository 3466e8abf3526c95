export { DeviceForm } from './DeviceForm';
export type { DeviceFormProps } from './DeviceForm';
