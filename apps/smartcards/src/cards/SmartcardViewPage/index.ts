export { SmartcardViewPage } from './SmartcardViewPage';
