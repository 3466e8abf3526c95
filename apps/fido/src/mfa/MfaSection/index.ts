export { MfaSection } from './MfaSection';
