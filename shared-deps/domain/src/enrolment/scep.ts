/**
 * SCEP (RFC 8894), Intune challenge validation and EST (RFC 7030) (issue 17): the paths, limits, types and
 * messages the server, the console and the CLI share.
 */

/** Prefix of a template's SCEP URL: `/pki/scep/{templateId}` (clients may append `/pkiclient.exe`). */
export const SCEP_PATH_PREFIX = '/pki/scep';
/** Prefix of EST (RFC 7030 §3.2.2): `/.well-known/est/{label}/{operation}`; the label is a template id. */
export const EST_PATH_PREFIX = '/.well-known/est';
/** Largest SCEP or EST request body: 64 KiB (a CSR in CMS with a certificate or two). */
export const ENROLMENT_MAX_BODY_BYTES = 64 * 1024;
/** Per-address requests per minute of the SCEP and EST routes (their own seeded rate bucket). */
export const ENROLMENT_RATE_PER_MINUTE = 120;
/** How long a one-time SCEP challenge password is valid by default, and at most (minutes). */
export const SCEP_CHALLENGE_DEFAULT_MINUTES = 60;
export const SCEP_CHALLENGE_MAX_MINUTES = 7 * 24 * 60;
/** Challenges listed per page. */
export const SCEP_CHALLENGE_PAGE_SIZE = 25;
/** Console path of the one fetch of a challenge (admin-console §2.1). */
export const retrieveScepChallengePath = (id: string): string => `/retrieveSCEPChallenge/${id}`;
/** The SCEP URL of a template on an origin. */
export const scepUrl = (origin: string, templateId: string): string => `${origin.replace(/\/$/, '')}${SCEP_PATH_PREFIX}/${templateId}`;
/** The EST base URL of a template on an HTTPS origin. */
export const estUrl = (origin: string, templateId: string): string => `${origin.replace(/\/$/, '')}${EST_PATH_PREFIX}/${templateId}`;

/** State of a challenge as the operator sees it. */
export type ScepChallengeState = 'waiting' | 'fetched' | 'used' | 'expired';

/** A challenge in the operator's list (never the password). */
export interface ScepChallenge {
  id: string;
  templateId: string;
  templateName: string;
  state: ScepChallengeState;
  createdBy: string | null;
  createdAt: string;
  expiresAt: string;
  fetchedAt: string | null;
  usedAt: string | null;
  /** The console path the password is fetched at, once. */
  retrievePath: string;
  scepUrl: string;
}

/** Create a challenge for a template. */
export interface CreateScepChallengeRequest {
  templateId: string;
  /** Minutes until it expires (default {@link SCEP_CHALLENGE_DEFAULT_MINUTES}). */
  validityMinutes?: number;
}

/** The one fetch of a challenge. */
export interface RetrievedScepChallenge {
  id: string;
  password: string;
  templateName: string;
  scepUrl: string;
  expiresAt: string;
}

/** A page of challenges. */
export interface ScepChallengesResponse {
  challenges: ScepChallenge[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * A tenant's Intune SCEP settings (`/config/scep`). In Intune mode the SCEP challenge of the listed templates
 * is a token signed by the key of `verificationCertificate`, checked offline (signature, expiry, subject);
 * Microsoft's online ScepRequestValidation calls are not made (see docs/api.md "Intune").
 */
export interface IntuneScepConfig {
  enabled: boolean;
  /** The Azure AD (Entra) tenant id the tokens must name (`tid`). */
  azureTenantId: string;
  /** The application (client) id registered for validation (shown; used by the online calls). */
  applicationId: string;
  /** PEM of the certificate whose key signs the challenges. */
  verificationCertificate: string;
  /** Templates whose SCEP challenges are Intune tokens. */
  templateIds: string[];
}

/** Microsoft's public cloud endpoints and the call timeout of the Intune validation client. */
export const INTUNE_DEFAULTS = {
  authorityUrl: 'https://login.microsoftonline.com',
  graphUrl: 'https://graph.microsoft.com',
  timeoutMs: 15_000,
} as const;

/** Messages of the enrolment screens and calls. */
export const ENROLMENT_MESSAGES = {
  CHALLENGE_GONE: 'This challenge was already fetched, has expired or does not exist.',
  CHALLENGE_CREATED: 'Challenge created. Give the link to the device owner: the password can be seen once.',
  INTUNE_SAVED: 'Intune SCEP settings saved.',
  INTUNE_OFFLINE_ONLY:
    "Tessera checks Intune challenges offline: the token's signature with the verification certificate, its expiry, the Azure tenant and that it matches the request's subject. Microsoft's online validation and notification calls (ScepRequestValidation validateRequest, sendSuccessNotification, sendFailureNotification) are not made from this server.",
} as const;
