export { OrganisationEditPage } from './OrganisationEditPage';
