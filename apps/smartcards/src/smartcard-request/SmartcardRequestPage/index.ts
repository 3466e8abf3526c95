export { SmartcardRequestPage, parseUsernames } from './SmartcardRequestPage';
