/** Routes reading certificates: Certificate, CertificateInfo, CertificateDownload and Revocations (docs/api.md "Endpoints (issue 12)"). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CERTIFICATE_PAGE_SIZE, REVOCATION_STATES, parseCertId, type RevocationState } from '@tessera/domain';
import { errorResponses } from '../platform/schemas';
import { requireAuth } from '../platform/request';
import { ForbiddenError, ValidationError } from '../platform/errors';
import { pkiDepsOf } from '../pki/pki.service';
import * as service from './certificate-view.service';
import { CertIdQuery, CertificateDetailsSchema, CertificateFileSchema, CertificateInfoSchema, DownloadQuery, RevocationsQuerySchema, RevocationsSchema } from './certificate-view.schemas';

const tags = ['certificates'];
const C = '/api2/Certificates-v1';

/**
 * Who may list revocations of a state (admin-console §2.2): `revocations` and `revocations/searchPending` are
 * guarded by certRevokeView, so it lists every state; `viewPending/...` by viewPendingFailedRevocations, which
 * lists the pending and failed ones only.
 */
function mayList(permissions: ReadonlySet<string> | null, state: RevocationState): boolean {
  if (permissions?.has('certRevokeView')) return true;
  return (state === 'pending' || state === 'failed') && permissions?.has('viewPendingFailedRevocations') === true;
}

/** Registers the certificate reading routes. */
export const certificateViewRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = pkiDepsOf(app);

  app.get(
    `${C}/Certificate`,
    { config: { auth: 'session', permission: 'certView' }, schema: { summary: 'Read a certificate with its chain and lint', tags, querystring: CertIdQuery, response: { 200: CertificateDetailsSchema, ...errorResponses(401, 404) } } },
    async (request) => service.getCertificate(deps, requireAuth(request), request.query.certId),
  );
  app.get(
    `${C}/CertificateInfo`,
    { config: { auth: 'session', permission: 'certView' }, schema: { summary: 'Read who and what a certificate belongs to', tags, querystring: CertIdQuery, response: { 200: CertificateInfoSchema, ...errorResponses(401, 404) } } },
    async (request) => service.getCertificateInfo(deps, requireAuth(request), request.query.certId),
  );
  app.get(
    `${C}/CertificateDownload`,
    { config: { auth: 'session', permission: 'certView' }, schema: { summary: 'Download a certificate as PEM, DER or PKCS#7', tags, querystring: DownloadQuery, response: { 200: CertificateFileSchema, ...errorResponses(401, 404) } } },
    async (request) => service.downloadCertificate(deps, requireAuth(request), request.query.certId, request.query.format),
  );
  app.get(
    `${C}/Revocations`,
    { config: { auth: 'session', permission: ['certRevokeView', 'viewPendingFailedRevocations'] }, schema: { summary: 'List revocations', tags, querystring: RevocationsQuerySchema, response: { 200: RevocationsSchema, ...errorResponses(401) } } },
    async (request) => {
      const auth = requireAuth(request);
      const { state, certId, ...query } = request.query;
      const visible = REVOCATION_STATES.filter((s) => mayList(auth.permissions, s));
      const asked = state === undefined ? visible : [...new Set(state.split(',') as RevocationState[])];
      for (const s of asked) if (!visible.includes(s)) throw new ForbiddenError(`Listing ${s} revocations needs the certRevokeView permission`);
      const cert = certId === undefined ? undefined : parseCertId(certId);
      if (certId !== undefined && !cert) throw new ValidationError('certId', 'is not a certificate id ({caId}:{serial})');
      return service.listRevocations(deps, auth, { ...query, ...(cert ? { certId: cert } : {}) }, asked, CERTIFICATE_PAGE_SIZE);
    },
  );
};
