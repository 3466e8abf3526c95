export { OrganisationViewPage } from './OrganisationViewPage';
