import type { IdentityPage } from '../pages';
import { LocalesPage } from './LocalesPage';

/** The locales screen (admin-console §2.2 `/config/locations/{id?}`), in the identity app. */
export const localePages: readonly IdentityPage[] = [{ path: '/config/locations/:id?', Page: LocalesPage, link: { label: 'Locations', permission: 'configureTeSA' } }];
