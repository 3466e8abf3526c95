import type { IdentityPage } from '../pages';
import { UserAddPage } from './UserAddPage';
import { UserEditPage } from './UserEditPage';
import { UserViewPage } from './UserViewPage';
import { UsersListPage } from './UsersListPage';

/** The users screens (admin-console §2.2 Users). */
export const userPages: readonly IdentityPage[] = [
  { path: '/identity/users', Page: UsersListPage, link: { label: 'Users', permission: 'userView' } },
  { path: '/identity/users/add', Page: UserAddPage, link: { label: 'Add user', permission: 'userAdd' } },
  { path: '/identity/users/view/:id', Page: UserViewPage },
  { path: '/identity/users/edit/:id', Page: UserEditPage },
];
