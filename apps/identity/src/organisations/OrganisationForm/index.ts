export { OrganisationForm } from './OrganisationForm';
export type { OrganisationFormProps, OrganisationFormValue } from './OrganisationForm';
