import type { IdentityPage } from '../pages';
import { SearchPage } from './SearchPage';

/** The search screens (admin-console §2.2 `/search`, `/search/{searchType}`), in the identity app. */
export const searchPages: readonly IdentityPage[] = [
  { path: '/search', Page: SearchPage, link: { label: 'Search', permission: 'search' } },
  { path: '/search/:searchType', Page: SearchPage },
];
