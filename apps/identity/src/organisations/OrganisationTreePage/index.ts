export { OrganisationTreePage } from './OrganisationTreePage';
