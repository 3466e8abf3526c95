/** ACME (RFC 8555) and the tenant's allowed domains (issue 17): constants and rules. */
export * from './constants';
export { ALLOWED_DOMAINS_MAX, normaliseAllowedDomain, domainPermitted } from './allowedDomains';
export type { AllowedDomainResult } from './allowedDomains';
export type * from './acme.types';
