/** ACME (RFC 8555) and the tenant's allowed domains (issue 17): constants and rules. */
export * from './constants';
export { ALLOWED_DOMAINS_MAX, normaliseAllowedDomain, domainPermitted } from './allowedDomains';
export type { AllowedDomainResult } from './allowedDomains';
export type * from './acme.types';
export { ACME_CLIENT_STEPS, ACME_CLIENT_STEP_STATES, ACME_REPLAY_NONCE_SLOTS, ACME_CLIENT_MESSAGES, initialAcmeClientSteps, advanceAcmeClient, acmeClientRunState, keepNonce, takeNonce, acmeClientOrderProblem } from './acmeClient';
export type { AcmeClientStep, AcmeClientStepState, AcmeClientRunState, AcmeClientStepProgress, AcmeClientEvent, AcmeClientOrderRequest, AcmeClientRun, AcmeClientDomainsResponse } from './acmeClient';
