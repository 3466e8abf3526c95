/** Certificates-v1 calls and the certificate-request-status calls (admin-console §2.2 Certificates, §7; docs/api.md "issue 12"). */
import type {
  ApproveCertificateRequest,
  ApproveRevocationRequest,
  ApproveRevocationResponse,
  CertificateDetails,
  CertificateFormat,
  CertificateInfo,
  CertificateRequestResult,
  CertificateRequestsResponse,
  CertificateRequestStatus,
  CertificateSummary,
  RevocationsQuery,
  RevocationsResponse,
  RevokeCertificateRequest,
  RevokeCertificateResponse,
  SearchCertificatesRequest,
  SearchCertificatesResponse,
  SubmitCsrRequest,
  SubmitKeyRequest,
  SubmitKeyResponse,
  UploadCertificateRequest,
} from '@tessera/domain';
import type { HttpSend } from './http';

const C = '/api2/Certificates-v1';

/** A downloaded certificate file. */
export interface CertificateFile {
  fileName: string;
  contentType: string;
  /** The file's bytes, base64. */
  data: string;
}

/** The certificate calls. `certId` is `{caId}:{serial hex}` (formatCertId). */
export interface CertificatesCalls {
  /** `POST /api2/Certificates-v1/SubmitDeviceCSR` (certSigningRequest): issue from a CSR, or pending approval. */
  submitDeviceCsr(request: SubmitCsrRequest): Promise<CertificateRequestResult>;
  /** `POST /api2/Certificates-v1/SubmitUserCSR` (certSigningRequestUser): the same for a USER / AUTOENROLLUSER template. */
  submitUserCsr(request: SubmitCsrRequest): Promise<CertificateRequestResult>;
  /** `POST /api2/Certificates-v1/SubmitUserKeyRequest` (certSigningRequestUser): a template with serverKeyGeneration; the key comes back once as PKCS#12 (base64) under the password. */
  submitUserKeyRequest(request: SubmitKeyRequest): Promise<SubmitKeyResponse>;
  /** `POST /api2/Certificates-v1/SubmitDeviceKeyRequest` (certSigningRequest): the same for a DEVICE / AUTOENROLLDEVICE template. */
  submitDeviceKeyRequest(request: SubmitKeyRequest): Promise<SubmitKeyResponse>;
  /** `GET /certificate-request-status-by-request-id?rid` (any certificate permission). */
  certificateRequestStatusByRequestId(rid: string): Promise<CertificateRequestStatus>;
  /** `GET /certificate-request-status?tid&ca` (collectCertificate or certView): `tid` is the request id. */
  certificateRequestStatus(tid: string, ca: string): Promise<CertificateRequestStatus>;
  /** `GET /api2/Certificates-v1/CertificateRequests?status` (certApprovals): requests awaiting approval by default. */
  listCertificateRequests(status?: 'under_submission' | 'denied' | 'issued' | 'error'): Promise<CertificateRequestsResponse>;
  /** `POST /api2/Certificates-v1/ApproveCertificateRequest` (certApprovals): approve (issue) or deny. */
  approveCertificateRequest(request: ApproveCertificateRequest): Promise<CertificateRequestResult>;
  /** `POST /api2/Certificates-v1/SearchCertificates` (certView): paging (10 a page), sort, filters. */
  searchCertificates(request?: SearchCertificatesRequest): Promise<SearchCertificatesResponse>;
  /** `GET /api2/Certificates-v1/Certificate?certId` (certView): details, chain and lint. */
  getCertificate(certId: string): Promise<CertificateDetails>;
  /** `GET /api2/Certificates-v1/CertificateInfo?certId` (certView). */
  getCertificateInfo(certId: string): Promise<CertificateInfo>;
  /** `GET /api2/Certificates-v1/CertificateDownload?certId&format` (certView): PEM, DER or PKCS#7 (with chain). */
  downloadCertificate(certId: string, format: CertificateFormat): Promise<CertificateFile>;
  /** `POST /api2/Certificates-v1/UploadCertificate` (certUpload or uploadLECert; 10 MB): becomes issued_out_of_band. */
  uploadCertificate(request: UploadCertificateRequest): Promise<CertificateSummary>;
  /** `POST /api2/Certificates-v1/RevokeCertificate` (certRevoke). */
  revokeCertificate(request: RevokeCertificateRequest): Promise<RevokeCertificateResponse>;
  /**
   * `GET /api2/Certificates-v1/Revocations?state&page&search&sortField&sortDirection&certId` (certRevokeView, or
   * viewPendingFailedRevocations for pending/failed): one state or several (sent comma-separated), of one certificate
   * (`certId`) or all.
   */
  listRevocations(query?: RevocationsQuery): Promise<RevocationsResponse>;
  /** `POST /api2/Certificates-v1/ApproveRevocation` (certApprovals): `{complete}`. */
  approveRevocation(request: ApproveRevocationRequest): Promise<ApproveRevocationResponse>;
  /** `POST /api2/Certificates-v1/CancelRevocation` (viewPendingFailedRevocations or certRevoke): a pending revocation. */
  cancelRevocation(revocationId: string): Promise<void>;
}

/** The certificate calls over `send`. */
export function certificatesCalls(send: HttpSend): CertificatesCalls {
  return {
    submitDeviceCsr: (request) => send({ method: 'POST', path: `${C}/SubmitDeviceCSR`, body: request }),
    submitUserCsr: (request) => send({ method: 'POST', path: `${C}/SubmitUserCSR`, body: request }),
    submitUserKeyRequest: (request) => send({ method: 'POST', path: `${C}/SubmitUserKeyRequest`, body: request }),
    submitDeviceKeyRequest: (request) => send({ method: 'POST', path: `${C}/SubmitDeviceKeyRequest`, body: request }),
    certificateRequestStatusByRequestId: (rid) => send({ method: 'GET', path: '/certificate-request-status-by-request-id', query: { rid } }),
    certificateRequestStatus: (tid, ca) => send({ method: 'GET', path: '/certificate-request-status', query: { tid, ca } }),
    listCertificateRequests: (status) => send({ method: 'GET', path: `${C}/CertificateRequests`, query: { status } }),
    approveCertificateRequest: (request) => send({ method: 'POST', path: `${C}/ApproveCertificateRequest`, body: request }),
    searchCertificates: (request = {}) => send({ method: 'POST', path: `${C}/SearchCertificates`, body: request }),
    getCertificate: (certId) => send({ method: 'GET', path: `${C}/Certificate`, query: { certId } }),
    getCertificateInfo: (certId) => send({ method: 'GET', path: `${C}/CertificateInfo`, query: { certId } }),
    downloadCertificate: (certId, format) => send({ method: 'GET', path: `${C}/CertificateDownload`, query: { certId, format } }),
    uploadCertificate: (request) => send({ method: 'POST', path: `${C}/UploadCertificate`, body: request }),
    revokeCertificate: (request) => send({ method: 'POST', path: `${C}/RevokeCertificate`, body: request }),
    listRevocations: ({ state, ...query } = {}) =>
      send({ method: 'GET', path: `${C}/Revocations`, query: { ...query, ...(state === undefined ? {} : { state: typeof state === 'string' ? state : state.join(',') }) } }),
    approveRevocation: (request) => send({ method: 'POST', path: `${C}/ApproveRevocation`, body: request }),
    cancelRevocation: (revocationId) => send({ method: 'POST', path: `${C}/CancelRevocation`, body: { revocationId } }),
  };
}
