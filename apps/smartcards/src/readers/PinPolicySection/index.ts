export { PinPolicySection } from './PinPolicySection';
