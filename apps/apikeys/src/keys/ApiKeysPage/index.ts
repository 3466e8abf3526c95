export { ApiKeysPage } from './ApiKeysPage';
