export { OrganisationPermissionsPage } from './OrganisationPermissionsPage';
