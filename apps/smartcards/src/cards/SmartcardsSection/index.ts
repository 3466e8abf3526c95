export { SmartcardsSection } from './SmartcardsSection';
