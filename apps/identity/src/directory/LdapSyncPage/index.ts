export { LdapSyncPage } from './LdapSyncPage';
