export { SmartcardConfigPage } from './SmartcardConfigPage';
