import type { IdentityPage } from '../pages';
import { RoleAddPage } from './RoleAddPage';
import { RoleEditPage } from './RoleEditPage';
import { RoleViewPage } from './RoleViewPage';
import { RolesListPage } from './RolesListPage';

/** The roles screens (admin-console §2.2 Roles). */
export const rolePages: readonly IdentityPage[] = [
  { path: '/identity/roles', Page: RolesListPage, link: { label: 'Roles', permission: 'roleView' } },
  { path: '/identity/roles/add', Page: RoleAddPage, link: { label: 'Add role', permission: 'roleAdd' } },
  { path: '/identity/roles/view/:id', Page: RoleViewPage },
  { path: '/identity/roles/edit/:id', Page: RoleEditPage },
];
