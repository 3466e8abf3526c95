import type { IdentityPage } from '../pages';
import { SponsorAddPage } from './SponsorAddPage';
import { SponsorEditPage } from './SponsorEditPage';
import { SponsorsManagePage } from './SponsorsManagePage';

/** The sponsors screens (admin-console §2.2 Sponsors). */
export const sponsorPages: readonly IdentityPage[] = [
  { path: '/identity/sponsors/add', Page: SponsorAddPage, link: { label: 'Add sponsor', permission: 'sponsorAdd' } },
  { path: '/identity/sponsors/edit/:id', Page: SponsorEditPage },
  { path: '/identity/sponsors/manage', Page: SponsorsManagePage, link: { label: 'Sponsors', permission: 'manageSponsor' } },
];
