export { SyncedCredentialPage } from './SyncedCredentialPage';
