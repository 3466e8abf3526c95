/** PKI-v1 calls: certificate authorities and templates (admin-console §2.2 PKI, §3; docs/api.md "issue 12"). */
import type {
  CaLicensingRequest,
  CertificateAuthoritiesResponse,
  CertificateAuthority,
  CertificateTemplate,
  CertificateTemplateInput,
  CertificateTemplatesResponse,
  CreateCaRequest,
  DnsNamePatternResponse,
  ImportCaRequest,
  SeedTemplatesRequest,
  SeedTemplatesResponse,
  TemplateOrderingRequest,
} from '@tessera/domain';
import type { HttpSend } from './http';

const P = '/api2/PKI-v1';

/** The PKI calls. */
export interface PkiCalls {
  /** `GET /api2/PKI-v1/CertificateAuthorities` (manageCAs, or any certificate permission): every CA, roots first. */
  listCertificateAuthorities(): Promise<CertificateAuthoritiesResponse>;
  /** `GET /api2/PKI-v1/CertificateAuthority?id` (same). */
  getCertificateAuthority(id: string): Promise<CertificateAuthority>;
  /** `POST /api2/PKI-v1/CertificateAuthority` (manageCAs): a new root or intermediate CA; 201. */
  createCertificateAuthority(request: CreateCaRequest): Promise<CertificateAuthority>;
  /** `POST /api2/PKI-v1/ImportCertificateAuthority` (manageCAs): an existing CA with its key; 201. */
  importCertificateAuthority(request: ImportCaRequest): Promise<CertificateAuthority>;
  /** `PUT /api2/PKI-v1/CertificateAuthorityLicensing` (manageCAs or tenancyConfig): licensed templates and tenants. */
  updateCaLicensing(request: CaLicensingRequest): Promise<CertificateAuthority>;
  /** `GET /api2/PKI-v1/CertificateTemplates` (any certificate permission): in display order, unordered last. */
  listCertificateTemplates(): Promise<CertificateTemplatesResponse>;
  /** `GET /api2/PKI-v1/CertificateTemplate?id`. */
  getCertificateTemplate(id: string): Promise<CertificateTemplate>;
  /** `POST /api2/PKI-v1/CertificateTemplate` (certificateConfig, manageTemplateRules, autoEnrollTemplateRules or manageCAs); 201. */
  createCertificateTemplate(request: CertificateTemplateInput): Promise<CertificateTemplate>;
  /** `PUT /api2/PKI-v1/CertificateTemplate` (same): the whole template with its id. */
  updateCertificateTemplate(request: CertificateTemplateInput & { templateId: string }): Promise<CertificateTemplate>;
  /** `DELETE /api2/PKI-v1/CertificateTemplate` (same) `{templateId}`; 204. CONFLICT while certificates or requests use it. */
  deleteCertificateTemplate(templateId: string): Promise<void>;
  /** `POST /api2/PKI-v1/SeedTemplates` (the template writers' permissions): a whole seed file, upsert by name, prune, dry run. */
  seedCertificateTemplates(request: SeedTemplatesRequest): Promise<SeedTemplatesResponse>;
  /** `GET /api2/PKI-v1/TemplateOrdering` (templateDisplayOrder or certificateConfig). */
  getTemplateOrdering(): Promise<TemplateOrderingRequest>;
  /** `PUT /api2/PKI-v1/TemplateOrdering` (templateDisplayOrder): replaces the ordering entries. */
  setTemplateOrdering(request: TemplateOrderingRequest): Promise<TemplateOrderingRequest>;
  /** `GET /api2/PKI-v1/DnsNamePattern` (any signed-in viewer): the DNS name regex of admin-console §5. */
  getDnsNamePattern(): Promise<DnsNamePatternResponse>;
}

/** The PKI calls over `send`. */
export function pkiCalls(send: HttpSend): PkiCalls {
  return {
    listCertificateAuthorities: () => send({ method: 'GET', path: `${P}/CertificateAuthorities` }),
    getCertificateAuthority: (id) => send({ method: 'GET', path: `${P}/CertificateAuthority`, query: { id } }),
    createCertificateAuthority: (request) => send({ method: 'POST', path: `${P}/CertificateAuthority`, body: request }),
    importCertificateAuthority: (request) => send({ method: 'POST', path: `${P}/ImportCertificateAuthority`, body: request }),
    updateCaLicensing: (request) => send({ method: 'PUT', path: `${P}/CertificateAuthorityLicensing`, body: request }),
    listCertificateTemplates: () => send({ method: 'GET', path: `${P}/CertificateTemplates` }),
    getCertificateTemplate: (id) => send({ method: 'GET', path: `${P}/CertificateTemplate`, query: { id } }),
    createCertificateTemplate: (request) => send({ method: 'POST', path: `${P}/CertificateTemplate`, body: request }),
    updateCertificateTemplate: (request) => send({ method: 'PUT', path: `${P}/CertificateTemplate`, body: request }),
    deleteCertificateTemplate: (templateId) => send({ method: 'DELETE', path: `${P}/CertificateTemplate`, body: { templateId } }),
    seedCertificateTemplates: (request) => send({ method: 'POST', path: `${P}/SeedTemplates`, body: request }),
    getTemplateOrdering: () => send({ method: 'GET', path: `${P}/TemplateOrdering` }),
    setTemplateOrdering: (request) => send({ method: 'PUT', path: `${P}/TemplateOrdering`, body: request }),
    getDnsNamePattern: () => send({ method: 'GET', path: `${P}/DnsNamePattern` }),
  };
}
