export { AllowedDomainsPage } from './AllowedDomainsPage';
