/** ACME and allowed-domain calls (issue 17; docs/api.md "ACME and allowed domains"). */
import type { AcmeClientDomainsResponse, AcmeClientOrderRequest, AcmeClientRun, AcmeConfiguration, AcmeConfigurationRequest, AcmeEabKey, AcmeOrdersQuery, AcmeOrdersResponse, AllowedDomain, AllowedDomainsResponse } from '@tessera/domain';
import type { HttpSend } from './http';

const P = '/api2/PKI-v1';

/** The ACME and allowed-domain calls. */
export interface AcmeCalls {
  /** `GET /api2/PKI-v1/AllowedDomains?search&page` (manageDomains): 10 a page, by name. */
  listAllowedDomains(query?: { search?: string; page?: number }): Promise<AllowedDomainsResponse>;
  /** `POST /api2/PKI-v1/AllowedDomain` (manageDomains) `{domain}`: `example.com` or `*.example.com`; 201. */
  addAllowedDomain(domain: string): Promise<AllowedDomain>;
  /** `DELETE /api2/PKI-v1/AllowedDomain/{id}` (manageDomains); 204. */
  deleteAllowedDomain(id: string): Promise<void>;
  /** `GET /api2/PKI-v1/AcmeConfigurations` (acmeConfiguration): every template with its ACME state and directory URL. */
  listAcmeConfigurations(): Promise<AcmeConfiguration[]>;
  /** `PUT /api2/PKI-v1/AcmeConfiguration` (acmeConfiguration): turn ACME on or off for a template. */
  setAcmeConfiguration(request: AcmeConfigurationRequest): Promise<AcmeConfiguration>;
  /** `POST /api2/PKI-v1/AcmeEabKey` (acmeConfiguration) `{templateId}`: an external account binding key, shown once; 201. */
  createAcmeEabKey(templateId: string): Promise<AcmeEabKey>;
  /** `GET /api2/PKI-v1/AcmeOrders?page&sortField&sortDirection&status` (acmeConfiguration): 20 a page. */
  listAcmeOrders(query?: AcmeOrdersQuery): Promise<AcmeOrdersResponse>;
  /** `GET /api2/Certificates-v1/AcmeClientDomains` (uploadLECert): the allowed domains the ACME client may order for. */
  listAcmeClientDomains(): Promise<AcmeClientDomainsResponse>;
  /** `POST /api2/Certificates-v1/AcmeClientOrder` (uploadLECert): obtain a certificate from an ACME server; 202 with the run. */
  startAcmeClientOrder(request: AcmeClientOrderRequest): Promise<AcmeClientRun>;
  /** `GET /api2/Certificates-v1/AcmeClientOrder/{runId}` (uploadLECert): the run with each step's state. */
  getAcmeClientOrder(runId: string): Promise<AcmeClientRun>;
}

/** Builds the ACME calls over a sender. */
export function acmeCalls(send: HttpSend): AcmeCalls {
  return {
    listAllowedDomains: (query = {}) => send({ method: 'GET', path: `${P}/AllowedDomains`, query }),
    addAllowedDomain: (domain) => send({ method: 'POST', path: `${P}/AllowedDomain`, body: { domain } }),
    deleteAllowedDomain: (id) => send({ method: 'DELETE', path: `${P}/AllowedDomain/${encodeURIComponent(id)}` }),
    listAcmeConfigurations: () => send({ method: 'GET', path: `${P}/AcmeConfigurations` }),
    setAcmeConfiguration: (request) => send({ method: 'PUT', path: `${P}/AcmeConfiguration`, body: request }),
    createAcmeEabKey: (templateId) => send({ method: 'POST', path: `${P}/AcmeEabKey`, body: { templateId } }),
    listAcmeOrders: (query = {}) => send({ method: 'GET', path: `${P}/AcmeOrders`, query: { ...query } }),
    listAcmeClientDomains: () => send({ method: 'GET', path: '/api2/Certificates-v1/AcmeClientDomains' }),
    startAcmeClientOrder: (request) => send({ method: 'POST', path: '/api2/Certificates-v1/AcmeClientOrder', body: request }),
    getAcmeClientOrder: (runId) => send({ method: 'GET', path: `/api2/Certificates-v1/AcmeClientOrder/${encodeURIComponent(runId)}` }),
  };
}
