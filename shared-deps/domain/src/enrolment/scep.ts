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
 * A tenant's Intune SCEP settings (`/config/scep`), as read. For the listed templates the SCEP challenge is
 * Intune's. With the application id and its client secret set, it is validated online with Microsoft's
 * ScepRequestValidation service (validateRequest, then success/failure notifications); without a secret,
 * Tessera's offline mode checks a compact JWS signed by the key of `verificationCertificate` (see docs/api.md "Intune").
 */
export interface IntuneScepConfig {
  enabled: boolean;
  /** The Entra (Azure AD) tenant id: the token authority's tenant, and the `tid` of offline tokens. */
  azureTenantId: string;
  /** The application (client) id registered for validation. */
  applicationId: string;
  /** Whether the application's client secret is set (the secret itself is write-only, never returned). */
  clientSecretSet: boolean;
  /** Sign-in authority base URL ('' = Microsoft's public cloud, INTUNE_DEFAULTS.authorityUrl). */
  authorityUrl: string;
  /** Microsoft Graph base URL ('' = INTUNE_DEFAULTS.graphUrl). */
  graphUrl: string;
  /** PEM of the certificate whose key signs the challenges (offline mode only). */
  verificationCertificate: string;
  /** Templates whose SCEP challenges are Intune's. */
  templateIds: string[];
}

/** What a save sends: the settings, and `clientSecret` to set it (absent: unchanged; '': removed); absent URLs are ''. */
export type IntuneScepConfigInput = Omit<IntuneScepConfig, 'clientSecretSet' | 'authorityUrl' | 'graphUrl'> & { clientSecret?: string; authorityUrl?: string; graphUrl?: string };

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
    "With the application id and its client secret set, Tessera validates each Intune challenge online with Microsoft's ScepRequestValidation service (validateRequest) and reports every issue or failure to Intune (successNotification, failureNotification). Without a secret, Tessera's offline mode checks a signed token instead: its signature with the verification certificate, its expiry, the Azure tenant and that it matches the request's subject (a Tessera format, not Intune's own challenge).",
} as const;
