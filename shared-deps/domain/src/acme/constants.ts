/** ACME (RFC 8555; issue 17): constants shared by the server, the console and the CLI. */
import { RESULTS_PER_PAGE } from '../common/constants';

/** Order states (RFC 8555 §7.1.6). */
export const ACME_ORDER_STATES = ['pending', 'ready', 'processing', 'valid', 'invalid'] as const;
/** An order state. */
export type AcmeOrderState = (typeof ACME_ORDER_STATES)[number];
/** Account states (RFC 8555 §7.1.6). */
export const ACME_ACCOUNT_STATES = ['valid', 'deactivated', 'revoked'] as const;
/** An account state. */
export type AcmeAccountState = (typeof ACME_ACCOUNT_STATES)[number];
/** Challenge types served: RFC 8555 §8.3 http-01, §8.4 dns-01, RFC 8737 tls-alpn-01. */
export const ACME_CHALLENGE_TYPES = ['http-01', 'dns-01', 'tls-alpn-01'] as const;
/** A challenge type. */
export type AcmeChallengeType = (typeof ACME_CHALLENGE_TYPES)[number];

/** Path prefix of the ACME routes: the directory of a template is `${ACME_PATH}/{templateId}/directory`. */
export const ACME_PATH = '/pki/acme';
/** Requests per address per minute of the seeded `/pki/acme/*` rate bucket (designed: a renewing fleet behind one NAT). */
export const ACME_RATE_PER_MINUTE = 3000;

/** The ACME directory URL of a template on a server origin (no trailing slash). */
export function acmeDirectoryUrl(origin: string, templateId: string): string {
  return `${origin.replace(/\/+$/, '')}${ACME_PATH}/${templateId}/directory`;
}

/** Sort keys of the ACME order list. */
export const ACME_ORDER_SORT_FIELDS = ['createdAt', 'status'] as const;
/** Page size of the ACME order list (the console's tables' size). */
export const ACME_ORDER_PAGE_SIZE = RESULTS_PER_PAGE;
