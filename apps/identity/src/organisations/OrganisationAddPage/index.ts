export { OrganisationAddPage } from './OrganisationAddPage';
