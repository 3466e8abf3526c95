import type { IdentityPage } from './pages';
import { devicePages } from './devices/devices.pages';
import { directoryPages } from './directory/directory.pages';
import { importPages } from './import/import.pages';
import { localePages } from './locales/locales.pages';
import { organisationPages } from './organisations/organisations.pages';
import { rolePages } from './roles/roles.pages';
import { searchPages } from './search/search.pages';
import { sponsorPages } from './sponsors/sponsors.pages';
import { userPages } from './users/users.pages';
import { visitPages } from './visits/visits.pages';

/**
 * The identity screens that exist, one spread per folder (sorted by folder name: one line per folder
 * keeps merges of parallel work simple).
 */
export const IDENTITY_PAGES: readonly IdentityPage[] = [
  ...devicePages,
  ...directoryPages,
  ...importPages,
  ...localePages,
  ...organisationPages,
  ...rolePages,
  ...searchPages,
  ...sponsorPages,
  ...userPages,
  ...visitPages,
];
