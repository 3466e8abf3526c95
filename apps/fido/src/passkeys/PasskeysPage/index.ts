export { PasskeysPage } from './PasskeysPage';
