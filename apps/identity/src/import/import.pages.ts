import type { IdentityPage } from '../pages';
import { UsersImportPage } from './UsersImportPage';

/** The users CSV import screen (issue 13; designed path). */
export const importPages: readonly IdentityPage[] = [{ path: '/identity/users/import', Page: UsersImportPage, link: { label: 'Import users', permission: 'userAdd' } }];
