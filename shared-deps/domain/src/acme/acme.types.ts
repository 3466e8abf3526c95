/** Wire types of the console's ACME and allowed-domain calls (issue 17; docs/api.md "ACME and allowed domains"). */

/** An allowed domain of the tenant. */
export interface AllowedDomain {
  id: string;
  domain: string;
  createdAt: string;
}
/** `GET /api2/PKI-v1/AllowedDomains`. */
export interface AllowedDomainsResponse {
  totalResults: number;
  results: AllowedDomain[];
}
/** A template's ACME state. */
export interface AcmeConfiguration {
  templateId: string;
  templateName: string;
  enabled: boolean;
  eabRequired: boolean;
  directoryUrl: string;
  unusedEabKeys: number;
}
/** `PUT /api2/PKI-v1/AcmeConfiguration`. */
export interface AcmeConfigurationRequest {
  templateId: string;
  enabled: boolean;
  eabRequired?: boolean;
}
/** `POST /api2/PKI-v1/AcmeEabKey` answer: the HMAC key is shown this once. */
export interface AcmeEabKey {
  keyId: string;
  hmacKey: string;
  directoryUrl: string;
}
/** An ACME order as the console lists it. */
export interface AcmeOrderSummary {
  orderId: string;
  status: string;
  identifiers: string[];
  templateName: string;
  accountId: string;
  accountStatus: string;
  accountContact: string[];
  certificateId: string | null;
  createdAt: string;
}
/** `GET /api2/PKI-v1/AcmeOrders` query. */
export interface AcmeOrdersQuery {
  page?: number;
  sortField?: 'createdAt' | 'status';
  sortDirection?: 'asc' | 'desc';
  status?: string;
}
/** `GET /api2/PKI-v1/AcmeOrders`. */
export interface AcmeOrdersResponse {
  totalResults: number;
  results: AcmeOrderSummary[];
}
