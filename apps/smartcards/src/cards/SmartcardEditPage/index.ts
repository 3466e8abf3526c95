export { SmartcardEditPage } from './SmartcardEditPage';
