import type { IdentityPage } from './pages';
import { importPages } from './import/import.pages';
import { organisationPages } from './organisations/organisations.pages';
import { rolePages } from './roles/roles.pages';
import { sponsorPages } from './sponsors/sponsors.pages';
import { userPages } from './users/users.pages';

/**
 * The identity screens that exist, one spread per folder (sorted by folder name: one line per folder
 * keeps merges of parallel work simple).
 */
export const IDENTITY_PAGES: readonly IdentityPage[] = [
  ...importPages,
  ...organisationPages,
  ...rolePages,
  ...sponsorPages,
  ...userPages,
];
