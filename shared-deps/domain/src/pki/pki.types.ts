/**
 * Wire shapes of the PKI-v1 and Certificates-v1 calls (docs/api.md "Endpoints (issue 12)"). Field names of
 * admin-console §3 are kept as the spec spells them (template extensions, certificate details, CA).
 */
import type {
  CaKeyAlgorithm,
  CaStatus,
  CertificateSortField,
  CertificateStatus,
  CertificateType,
  ExtendedKeyUsage,
  KeyType,
  KeyUsage,
  LintSeverity,
  RenewalMode,
  RequestOutcome,
  RevocationReason,
  RevocationSortField,
  RevocationState,
  SanType,
  TemplateAccessLevel,
  TemplateClass,
  ValidityUnit,
} from './constants';
import type { SeedTemplateEntry } from './validateTemplate';

/** A licensed template of a CA (admin-console §3 CA). */
export interface LicensedTemplate {
  licensedTemplateId: string;
  enabled: boolean;
  /** Anonymous certificate requests (admin-console §1 portal) may use it. */
  anonymousEnabled: boolean;
  selfServiceEligible: boolean;
}

/** A licensed tenant of a CA (admin-console §3 CA). */
export interface LicensedTenant {
  tenantId: string;
  enabled: boolean;
}

/** A certificate authority (admin-console §3 CA, plus designed fields). */
export interface CertificateAuthority {
  id: string;
  friendlyName: string;
  /** Derived from the certificate's dates ({@link deriveCaStatus}). */
  status: CaStatus;
  caCert: { notBefore: string; notAfter: string; subject: string; serialNumber: string; pem: string };
  /** The issuing CA, null for a root. */
  parentId: string | null;
  keyAlgorithm: CaKeyAlgorithm;
  /** Where the key lives: `software` (encrypted at rest) now, `hsm` later. */
  keyStore: 'software' | 'hsm';
  imported: boolean;
  crlLocation: string;
  ocspLocation: string;
  licensedTemplates: LicensedTemplate[];
  licensedTenants: LicensedTenant[];
  createdAt: string;
}

/** `GET /api2/PKI-v1/CertificateAuthorities`. */
export interface CertificateAuthoritiesResponse {
  cas: CertificateAuthority[];
}

/** `POST /api2/PKI-v1/CertificateAuthority`: create a root (no parentId) or an intermediate. */
export interface CreateCaRequest {
  friendlyName: string;
  keyAlgorithm: CaKeyAlgorithm;
  /** Subject DN, e.g. `CN=Tessera Root, O=Example`; default `CN=<friendlyName>`. */
  subject?: string;
  parentId?: string;
  /** Default 10 YEARS for a root, 5 YEARS for an intermediate. */
  validityPeriod?: number;
  validityPeriodUnits?: ValidityUnit;
}

/** `POST /api2/PKI-v1/ImportCertificateAuthority`: an existing CA certificate with its key (PKCS#8 PEM). */
export interface ImportCaRequest {
  friendlyName: string;
  certificatePem: string;
  privateKeyPem: string;
  parentId?: string;
}

/** `PUT /api2/PKI-v1/CertificateAuthorityLicensing` (admin-console §2.2 /config/certificateservices/*). */
export interface CaLicensingRequest {
  id: string;
  licensedTemplates: LicensedTemplate[];
  licensedTenants: LicensedTenant[];
}

/** A subject entry of a template (admin-console §3; default CN / CommonName). */
export interface CertificateSubjectEntry {
  subjectField: string;
  fieldValue: string;
}
/** A SAN entry of a template (admin-console §3; default DNS / DNS). */
export interface CertificateSanEntry {
  sanField: SanType;
  fieldValue: string;
}
/** A SAN entry as sent: the value defaults to the type's name (DNS / DNS). */
export type CertificateSanEntryInput = Omit<CertificateSanEntry, 'fieldValue'> & { fieldValue?: string };

/** The editable fields of a template (admin-console §3 template entry and extensions). */
export interface CertificateTemplateInput {
  templateName: string;
  class: TemplateClass;
  /** The issuing CA (by id). */
  caId: string;
  rawName?: string;
  licensedTemplateId?: string | null;
  keyTypes: KeyType[];
  /** Smallest RSA modulus in bits (default 2048). */
  minRsaBits?: number;
  validityPeriod: number;
  validityPeriodUnits?: ValidityUnit;
  keyUsages?: KeyUsage[];
  extendedKeyUsages?: ExtendedKeyUsage[];
  certificateSubjects?: CertificateSubjectEntry[];
  certificateSans?: CertificateSanEntryInput[];
  ignoreCsrDetails?: boolean;
  renewalMode?: RenewalMode;
  /** Raw CSR rules (JSON text; unparsable leaves the rules empty, admin-console §5). */
  rawCsrRules?: string;
  approvalRequired?: boolean;
  revocationApprovalRequired?: boolean;
  selfServiceEligible?: boolean;
  /** The server generates the key pair and delivers it once as a password-protected PKCS#12 (`SubmitUserKeyRequest`). Default false. */
  serverKeyGeneration?: boolean;
  accessLevel?: TemplateAccessLevel;
  /** Date after which the template issues nothing (ISO), or null. */
  expiry?: string | null;
}

/** A template as answered (admin-console §3 certificate template entry). */
export interface CertificateTemplate extends Required<Omit<CertificateTemplateInput, 'licensedTemplateId' | 'expiry' | 'certificateSans'>> {
  certificateSans: CertificateSanEntry[];
  templateId: string;
  caName: string;
  licensedTemplateId: string | null;
  expiry: string | null;
  /** Parsed from rawCsrRules; empty when it does not parse. */
  csrRules: Record<string, unknown>;
  /** Display ordering (uiOrdering), or null when unordered (sorts last). */
  priority: number | null;
  /** The signature algorithm the CA signs with, e.g. `ecdsa-with-SHA256`. */
  algorithm: string;
  createdAt: string;
  updatedAt: string;
}

/** `GET /api2/PKI-v1/CertificateTemplates` (sorted by display ordering, unordered last). */
export interface CertificateTemplatesResponse {
  templates: CertificateTemplate[];
}

/** Template ordering entry (admin-console §3). */
export interface TemplateOrderingEntry {
  templateId: string;
  uiOrdering: number;
}
/** `GET`/`PUT /api2/PKI-v1/TemplateOrdering`. */
export interface TemplateOrderingRequest {
  ordering: TemplateOrderingEntry[];
}

/** `GET /api2/PKI-v1/DnsNamePattern` (admin-console §5). */
export interface DnsNamePatternResponse {
  pattern: string;
}

/** `POST /api2/Certificates-v1/SubmitUserCSR` / `SubmitDeviceCSR`: issue from a PKCS#10 CSR. */
export interface SubmitCsrRequest {
  templateId: string;
  /** PEM (or base64 DER) PKCS#10. */
  csr: string;
  /** Values for the template's subject fields (honoured even when ignoreCsrDetails). */
  subject?: Record<string, string>;
  /** Values for the template's SAN fields. */
  sans?: { sanField: SanType; value: string }[];
  friendlyName?: string;
  contactEmail?: string;
}

/** The request flow's answer (admin-console §4 request flow). */
export interface CertificateRequestResult {
  requestId: string;
  status: RequestOutcome;
  /** When complete: the certificate's tenant id, PEM, CN, id (`caId:serial`) and template name. */
  certTID?: string;
  certificate?: string;
  certCN?: string;
  certID?: string;
  template?: string;
  failureCode?: string;
  message?: string;
}

/** `GET /certificate-request-status-by-request-id?rid` and `/certificate-request-status?tid&ca` (admin-console §7). */
export interface CertificateRequestStatus {
  requestId: string;
  status: CertificateStatus;
  ca_id: string;
  /** Known once issued (hex, lower case); null before. */
  serial_number: string | null;
}

/** A pending request as the approvals screen lists it. */
export interface CertificateRequestSummary {
  requestId: string;
  templateId: string;
  template: string;
  caId: string;
  subject: string;
  status: CertificateStatus;
  requestedBy: string | null;
  createdAt: string;
}
/** `GET /api2/Certificates-v1/CertificateRequests`. */
export interface CertificateRequestsResponse {
  requests: CertificateRequestSummary[];
}
/** `POST /api2/Certificates-v1/ApproveCertificateRequest`. */
export interface ApproveCertificateRequest {
  requestId: string;
  approve: boolean;
  reason?: string;
}

/** A lint finding of an issued certificate (admin-console §4 lint severities). */
export interface LintFinding {
  ruleId: string;
  severity: LintSeverity;
  /** The RFC 5280 / CA/B Forum clause the rule checks. */
  citation: string;
  message: string;
}

/** A row of a certificate search. */
export interface CertificateSummary {
  certId: string;
  caId: string;
  caName: string;
  serialNumber: string;
  subject: string;
  cn: string;
  status: CertificateStatus;
  templateId: string | null;
  template: string | null;
  class: TemplateClass | null;
  validFrom: string;
  validTo: string;
  createdAt: string;
}

/** Filters of a certificate search (all optional). */
export interface CertificateSearchFilters {
  status?: CertificateStatus[];
  templateId?: string;
  caId?: string;
  /** Substring of the subject DN, case-insensitive. */
  subject?: string;
  /** Serial, hex (prefix match). */
  serial?: string;
  expiresAfter?: string;
  expiresBefore?: string;
  /** admin-console §4 certificate type: the class of the certificate's template; ANY (or absent) for every certificate. */
  certificateType?: CertificateType;
}
/** `POST /api2/Certificates-v1/SearchCertificates`. */
export interface SearchCertificatesRequest {
  /** 1-based. */
  page?: number;
  pageSize?: number;
  sortField?: CertificateSortField;
  sortDirection?: 'asc' | 'desc';
  filters?: CertificateSearchFilters;
}
/** Its answer. */
export interface SearchCertificatesResponse {
  /** Matches counted, at most to the end of the block of 10 pages that holds the page asked for (domain pageBlockEnd). */
  totalResults: number;
  /** True when the count stopped at the cap: there are more than `totalResults` matches. */
  totalCapped: boolean;
  page: number;
  pageSize: number;
  results: CertificateSummary[];
}

/** Certificate details (admin-console §3, field names as the spec spells them) plus chain and lint. */
export interface CertificateDetails {
  certId: string;
  csr: string | null;
  caName: string;
  template: string | null;
  certificate: string;
  serialNumber: string;
  status: CertificateStatus;
  friendly_name: string | null;
  server: string | null;
  function: string | null;
  vendor: string | null;
  created_at: string;
  updated_at: string;
  ca_id: string;
  ca_owner: string;
  name: string;
  ca_certificate: string;
  crl_location: string;
  ocsp_enabled: boolean;
  certificate_logon_ca: boolean;
  tenant_id: string;
  csr_id: string | null;
  class: TemplateClass | null;
  email: string | null;
  device_id: string | null;
  subject: string;
  version: number;
  valid_from: string;
  valid_to: string;
  template_id: string | null;
  key_usage: KeyUsage[];
  eku: string[];
  signature_algorithm: string;
  cert_base64: string;
  contact_email: string | null;
  revocation_reason: RevocationReason | null;
  revocation_date: string | null;
  eku_oid: string[];
  card_serial: string | null;
  /** PEM certificates from the issuer up to the root. */
  chain: string[];
  lint: LintFinding[];
}

/** Certificate info (admin-console §3). */
export interface CertificateInfo {
  cn: string;
  dn: string;
  certificate: string;
  associatedUser: { id: string; username: string } | null;
  associatedDevice: { device_oid: string; hostname: string; serial_number: string } | null;
  associatedSmartcardDetails: { card_serial: string } | null;
}

/** `POST /api2/Certificates-v1/RevokeCertificate`. */
export interface RevokeCertificateRequest {
  caId: string;
  serialNumber: string;
  reason: RevocationReason;
  comment?: string;
}
/** Its answer (admin-console §4: status and certificateIsOnline are read; otherwise failureCode). */
export interface RevokeCertificateResponse {
  revocationId: string;
  /** `ok` when revoked now; `pending` when it awaits approval; `failed` otherwise. */
  status: 'ok' | 'pending' | 'failed';
  /** The certificate's revocation is already visible to OCSP and the CRL. */
  certificateIsOnline: boolean;
  failureCode?: string;
}
/** A revocation (request) as the revocation lists show it. */
export interface Revocation {
  revocationId: string;
  certId: string;
  caId: string;
  serialNumber: string;
  subject: string;
  reason: RevocationReason;
  state: RevocationState;
  requestedBy: string | null;
  requestedAt: string;
  revokedAt: string | null;
  failureCode: string | null;
}
/** The query of `GET /api2/Certificates-v1/Revocations` (all optional; without a state, the done revocations). */
export interface RevocationsQuery {
  /** One state or several. */
  state?: RevocationState | readonly RevocationState[];
  /** Only the revocations of this certificate (`{caId}:{serial}`). */
  certId?: string;
  /** 1-based. */
  page?: number;
  /** Subject substring (case-insensitive) or serial prefix (hex). */
  search?: string;
  sortField?: RevocationSortField;
  sortDirection?: 'asc' | 'desc';
}
/** `GET /api2/Certificates-v1/Revocations?state&page`. */
export interface RevocationsResponse {
  totalResults: number;
  results: Revocation[];
}
/** `POST /api2/Certificates-v1/ApproveRevocation` and its answer (admin-console §4 "approval returns a complete flag"). */
export interface ApproveRevocationRequest {
  revocationId: string;
  approve: boolean;
}
export interface ApproveRevocationResponse {
  complete: boolean;
}
/** `POST /api2/Certificates-v1/CancelRevocation`. */
export interface CancelRevocationRequest {
  revocationId: string;
}

/** `POST /api2/Certificates-v1/AnonymousCertificateRequest` (designed; admin-console §1 anonymous portal): a CSR for a CA's licensed template with anonymousEnabled. */
export interface AnonymousCsrRequest extends SubmitCsrRequest {
  caId: string;
}

/** `POST /api2/Certificates-v1/UploadCertificate`: an existing certificate (PEM or base64 DER) becomes issued_out_of_band. */
export interface UploadCertificateRequest {
  certificate: string;
  friendlyName?: string;
}

/** `POST /api2/PKI-v1/SeedTemplates` (`tessera templates seed`): the whole file, checked and applied in one transaction. */
export interface SeedTemplatesRequest {
  templates: SeedTemplateEntry[];
  /** Answer the changes without applying them. */
  dryRun?: boolean;
  /** Also delete the tenant's templates the file does not name. */
  prune?: boolean;
}
/** What seeding does to one template. */
export interface SeedTemplateChange {
  templateName: string;
  action: 'create' | 'update' | 'delete' | 'unchanged';
  /** For `update`: the fields that change, with both values. */
  fields: { field: string; from: unknown; to: unknown }[];
}
/** Its answer: the changes in file order (deletions last), and whether they were applied. */
export interface SeedTemplatesResponse {
  applied: boolean;
  changes: SeedTemplateChange[];
}

/** `POST /api2/Certificates-v1/SubmitUserKeyRequest` (certSigningRequestUser): a key generated by the server for a template with serverKeyGeneration. */
export interface SubmitKeyRequest extends Omit<SubmitCsrRequest, 'csr'> {
  /** Protects the PKCS#12 file; never stored. */
  password: string;
}

/** Its answer: the request flow's answer and, when complete, the key with its certificate and chain, once. */
export interface SubmitKeyResponse extends CertificateRequestResult {
  /** Base64 of the PKCS#12 file (RFC 7292: PBES2 AES-256-CBC with PBKDF2-HMAC-SHA256, HMAC-SHA256 MAC). */
  pkcs12?: string;
  /** e.g. `alice.p12`. */
  fileName?: string;
}
