import type { IdentityPage } from '../pages';
import { LdapSyncPage } from './LdapSyncPage';

/** The directory screens (admin-console §2.2 `/workflowLdapSync`). */
export const directoryPages: readonly IdentityPage[] = [{ path: '/workflowLdapSync', Page: LdapSyncPage, link: { label: 'LDAP sync', permission: 'workflow' } }];
