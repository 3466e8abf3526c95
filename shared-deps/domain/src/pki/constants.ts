/**
 * Constants of certificates and PKI (admin-console §3, §4, §9; RFC 5280; issue 12). Lists quoted from the
 * spec keep its spelling; the rest is marked designed.
 */

/** Certificate status (admin-console §4). */
export const CERTIFICATE_STATUSES = ['incomplete', 'error', 'denied', 'issued', 'issued_out_of_band', 'under_submission', 'revoked'] as const;
/** A certificate status. */
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];

/** Certificate type / template class (admin-console §4); ANY is a filter, not a template class. */
export const CERTIFICATE_TYPES = ['USER', 'DEVICE', 'AUTOENROLLUSER', 'AUTOENROLLDEVICE', 'ANY'] as const;
/** A certificate type. */
export type CertificateType = (typeof CERTIFICATE_TYPES)[number];
/** The classes a template may have (every type but ANY). */
export const TEMPLATE_CLASSES = ['USER', 'DEVICE', 'AUTOENROLLUSER', 'AUTOENROLLDEVICE'] as const;
/** A template class. */
export type TemplateClass = (typeof TEMPLATE_CLASSES)[number];

/** Validity units (admin-console §4); default YEARS (§9). */
export const VALIDITY_UNITS = ['HOURS', 'DAYS', 'MONTHS', 'YEARS'] as const;
/** A validity unit. */
export type ValidityUnit = (typeof VALIDITY_UNITS)[number];
/** Default template validity unit (admin-console §9). */
export const DEFAULT_VALIDITY_UNIT: ValidityUnit = 'YEARS';

/** Key types of a template (admin-console §4). */
export const KEY_TYPES = ['RSA', 'EC_NIST', 'EC_SECG', 'EC_SEC2', 'EC_BRAINPOOL'] as const;
/** A key type. */
export type KeyType = (typeof KEY_TYPES)[number];
/**
 * The key types Tessera issues for (designed): WebCrypto verifies RSA and the NIST curves only; the SECG,
 * SEC 2 and Brainpool families are refused with 'Unrecognized algorithm'.
 */
export const SUPPORTED_KEY_TYPES: readonly KeyType[] = ['RSA', 'EC_NIST'];
/** Smallest RSA modulus accepted in a request (designed; CA/B BR §6.1.5). */
export const MIN_RSA_BITS = 2048;

/** Key algorithms of a certificate authority's own key (designed, issue 12). */
export const CA_KEY_ALGORITHMS = ['P-256', 'P-384', 'RSA-2048', 'RSA-3072', 'RSA-4096'] as const;
/** A CA key algorithm. */
export type CaKeyAlgorithm = (typeof CA_KEY_ALGORITHMS)[number];

/** SAN types (admin-console §4); 'hardware module name' is HARDWARE_MODULE_NAME on the wire. */
export const SAN_TYPES = ['OTHER_NAME', 'RFC822', 'DNS', 'X400_ADDRESS', 'EDI_PARTY_NAME', 'URI', 'IP', 'REGISTERED_ID', 'DIRECTORY_NAME', 'HARDWARE_MODULE_NAME'] as const;
/** A SAN type. */
export type SanType = (typeof SAN_TYPES)[number];
/** SAN types Tessera can put into a certificate (designed); the others are refused by name. */
export const ISSUABLE_SAN_TYPES: readonly SanType[] = ['OTHER_NAME', 'RFC822', 'DNS', 'URI', 'IP', 'REGISTERED_ID', 'DIRECTORY_NAME', 'HARDWARE_MODULE_NAME'];

/** Subject attributes a template may name (designed; RFC 5280 §4.1.2.4, X.520). */
export const SUBJECT_FIELDS = ['CN', 'O', 'OU', 'C', 'ST', 'L', 'E', 'SERIALNUMBER', 'DC', 'UID', 'GIVENNAME', 'SURNAME', 'TITLE'] as const;
/** A subject attribute. */
export type SubjectField = (typeof SUBJECT_FIELDS)[number];

/** Defaults of a new subject entry and SAN entry (admin-console §3, §9). */
export const DEFAULT_SUBJECT_ENTRY = Object.freeze({ subjectField: 'CN', fieldValue: 'CommonName' } as const);
export const DEFAULT_SAN_ENTRY = Object.freeze({ sanField: 'DNS', fieldValue: 'DNS' } as const);

/** Key usages (admin-console §4; RFC 5280 §4.2.1.3 names), with their bit. */
export const KEY_USAGES = ['digitalSignature', 'nonRepudiation', 'keyEncipherment', 'dataEncipherment', 'keyAgreement', 'keyCertSign', 'cRLSign', 'encipherOnly', 'decipherOnly'] as const;
/** A key usage. */
export type KeyUsage = (typeof KEY_USAGES)[number];
/** Labels of the key usages as the spec words them (admin-console §4). */
export const KEY_USAGE_LABELS: Readonly<Record<KeyUsage, string>> = Object.freeze({
  digitalSignature: 'digital signature',
  nonRepudiation: 'non-repudiation',
  keyEncipherment: 'key encipherment',
  dataEncipherment: 'data encipherment',
  keyAgreement: 'key agreement',
  keyCertSign: 'certificate signing',
  cRLSign: 'CRL signing',
  encipherOnly: 'encipher only',
  decipherOnly: 'decipher only',
});

/** Extended key usages (admin-console §4) and their OIDs (RFC 5280 §4.2.1.12, RFC 4945 for IPsec). */
export const EXTENDED_KEY_USAGES = Object.freeze({
  serverAuth: '1.3.6.1.5.5.7.3.1',
  clientAuth: '1.3.6.1.5.5.7.3.2',
  codeSigning: '1.3.6.1.5.5.7.3.3',
  emailProtection: '1.3.6.1.5.5.7.3.4',
  ipsecEndSystem: '1.3.6.1.5.5.7.3.5',
  ipsecTunnel: '1.3.6.1.5.5.7.3.6',
  ipsecUser: '1.3.6.1.5.5.7.3.7',
  timeStamping: '1.3.6.1.5.5.7.3.8',
} as const);
/** An extended key usage name. */
export type ExtendedKeyUsage = keyof typeof EXTENDED_KEY_USAGES;
/** Every EKU name. */
export const EXTENDED_KEY_USAGE_NAMES = Object.freeze(Object.keys(EXTENDED_KEY_USAGES)) as readonly ExtendedKeyUsage[];
/** Labels of the EKUs as the spec words them (admin-console §4). */
export const EXTENDED_KEY_USAGE_LABELS: Readonly<Record<ExtendedKeyUsage, string>> = Object.freeze({
  serverAuth: 'TLS server auth',
  clientAuth: 'TLS client auth',
  codeSigning: 'code signing',
  emailProtection: 'email protection',
  ipsecEndSystem: 'IPsec end system',
  ipsecTunnel: 'IPsec tunnel',
  ipsecUser: 'IPsec user',
  timeStamping: 'timestamping',
});

/** RFC 5280 §5.3.1 CRLReason codes by name (value 7 is unused). */
export const REVOCATION_REASONS = Object.freeze({
  unspecified: 0,
  keyCompromise: 1,
  cACompromise: 2,
  affiliationChanged: 3,
  superseded: 4,
  cessationOfOperation: 5,
  certificateHold: 6,
  removeFromCRL: 8,
  privilegeWithdrawn: 9,
  aACompromise: 10,
} as const);
/** A revocation reason name. */
export type RevocationReason = keyof typeof REVOCATION_REASONS;
/**
 * Reasons a revoke request may give (designed): removeFromCRL only appears in delta CRLs (RFC 5280
 * §5.3.1) and certificateHold would need an un-hold flow Tessera does not have.
 */
export const REVOKE_REASONS: readonly RevocationReason[] = ['unspecified', 'keyCompromise', 'cACompromise', 'affiliationChanged', 'superseded', 'cessationOfOperation', 'privilegeWithdrawn', 'aACompromise'];

/** Lint severities (admin-console §4). */
export const LINT_SEVERITIES = ['warn', 'error', 'fatal'] as const;
/** A lint severity. */
export type LintSeverity = (typeof LINT_SEVERITIES)[number];

/** CA status (admin-console §4). */
export const CA_STATUSES = ['PendingCert', 'ActiveCert', 'ExpiredCert'] as const;
/** A CA status. */
export type CaStatus = (typeof CA_STATUSES)[number];

/** Renewal modes of a template (designed). */
export const RENEWAL_MODES = ['NONE', 'MANUAL', 'AUTO'] as const;
/** A renewal mode. */
export type RenewalMode = (typeof RENEWAL_MODES)[number];

/** Access levels of a template: which management screen lists it (designed, admin-console §2.2 PKI). */
export const TEMPLATE_ACCESS_LEVELS = ['SYSTEM', 'LICENSED', 'AUTOENROLL'] as const;
/** A template access level. */
export type TemplateAccessLevel = (typeof TEMPLATE_ACCESS_LEVELS)[number];

/** Revocation status fetch (admin-console §4). */
export const REVOCATION_FETCH_STATES = ['pending', 'success', 'error'] as const;
/** States of a revocation request (designed): awaiting approval, done, refused, cancelled, failed. */
export const REVOCATION_STATES = ['pending', 'complete', 'denied', 'cancelled', 'failed'] as const;
/** A revocation request state. */
export type RevocationState = (typeof REVOCATION_STATES)[number];

/** Outcome of a request (admin-console §4 request flow: submit, then complete, failed or error; pending = awaiting approval). */
export const REQUEST_OUTCOMES = ['pending', 'complete', 'failed', 'error'] as const;
/** A request outcome. */
export type RequestOutcome = (typeof REQUEST_OUTCOMES)[number];

/** Load states of certificate lists (admin-console §4). */
export const CERTIFICATE_LOAD_STATES = ['idle', 'loading', 'succeeded', 'failed'] as const;
/** A load state. */
export type CertificateLoadState = (typeof CERTIFICATE_LOAD_STATES)[number];

/** Certificate search: page size (designed: 10 a page, as tickets), sort fields and directions. */
export const CERTIFICATE_PAGE_SIZE = 10;
export const CERTIFICATE_MAX_PAGE_SIZE = 100;
export const CERTIFICATE_SORT_FIELDS = ['createdAt', 'validTo', 'validFrom', 'subject', 'serialNumber', 'status'] as const;
/** A certificate sort field. */
export type CertificateSortField = (typeof CERTIFICATE_SORT_FIELDS)[number];

/** Revocation list (designed): sort fields, 10 a page as the certificate search. */
export const REVOCATION_SORT_FIELDS = ['requestedAt', 'revokedAt', 'subject', 'serialNumber', 'reason', 'state'] as const;
/** A revocation list sort field. */
export type RevocationSortField = (typeof REVOCATION_SORT_FIELDS)[number];

/** Download formats of a certificate (designed). */
export const CERTIFICATE_FORMATS = ['pem', 'der', 'p7b'] as const;
/** A download format. */
export type CertificateFormat = (typeof CERTIFICATE_FORMATS)[number];

/**
 * The DNS name pattern the server supplies (admin-console §5 "DNS validation uses a regex supplied by the
 * server"): labels of letters, digits and hyphens (RFC 1123 §2.1), not starting or ending in a hyphen,
 * 63 characters at most, a leading `*.` wildcard allowed (CA/B BR §3.2.2.6).
 */
export const DNS_NAME_PATTERN = '^(\\*\\.)?([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)*[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$';

/** Limits of template fields (designed). */
export const TEMPLATE_LIMITS = Object.freeze({
  nameMaxLength: 128,
  maxValidityPeriod: 100,
  maxSubjects: 20,
  maxSans: 20,
  csrRulesMaxLength: 10_000,
});

/**
 * The anonymous certificate request call (designed; admin-console §1 anonymous portal): public, with its own
 * seeded per-address rate rule of {@link ANONYMOUS_CSR_RATE_PER_MINUTE} (signing costs CPU).
 */
export const ANONYMOUS_CSR_PATH = '/api2/Certificates-v1/AnonymousCertificateRequest';
/** Anonymous requests per address per minute of the seeded rule (designed). */
export const ANONYMOUS_CSR_RATE_PER_MINUTE = 30;

/** Public paths of the PKI (designed): outside the console's paths, no session, no CSRF. */
export const PKI_PUBLIC_PATHS = Object.freeze({
  /** `GET {prefix}/crl/{caId}.crl`: the CA's current CRL, DER (`application/pkix-crl`). */
  crl: (caId: string) => `/pki/crl/${caId}.crl`,
  /** `POST {prefix}/ocsp/{caId}` (`application/ocsp-request`) and `GET {prefix}/ocsp/{caId}/{base64 request}`. */
  ocsp: (caId: string) => `/pki/ocsp/${caId}`,
  /** `GET {prefix}/ca/{caId}.crt`: the CA certificate, DER (AIA caIssuers). */
  caCert: (caId: string) => `/pki/ca/${caId}.crt`,
});
