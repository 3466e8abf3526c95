import type { IdentityPage } from '../pages';
import { OrganisationAddPage } from './OrganisationAddPage';
import { OrganisationEditPage } from './OrganisationEditPage';
import { OrganisationPermissionsPage } from './OrganisationPermissionsPage';
import { OrganisationTreePage } from './OrganisationTreePage';
import { OrganisationViewPage } from './OrganisationViewPage';

/** The organisations screens (admin-console §2.2 Organisations). */
export const organisationPages: readonly IdentityPage[] = [
  { path: '/identity/organisations/add', Page: OrganisationAddPage, link: { label: 'Add organisation', permission: 'orgAdd' } },
  { path: '/identity/organisations/view/:id', Page: OrganisationViewPage },
  { path: '/identity/organisations/permissions/:orgId', Page: OrganisationPermissionsPage },
  { path: '/identity/organisations/edit/:id', Page: OrganisationEditPage },
  { path: '/identity/organisations/tree', Page: OrganisationTreePage, link: { label: 'Organisations', permission: 'orgTree' } },
];
