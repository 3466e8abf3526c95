export { ChangePinSection } from './ChangePinSection';
