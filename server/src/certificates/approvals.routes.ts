/** Routes of certificate-request approvals, revocation lists, approvals and cancels, certificate upload and anonymous requests (docs/api.md "Endpoints (issue 12)"). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ANONYMOUS_CSR_PATH } from '@tessera/domain';
import { errorResponses, NoContent } from '../platform/schemas';
import { actorOf, requireAuth } from '../platform/request';
import { pkiDepsOf } from '../pki/pki.service';
import * as service from './approvals.service';
import {
  ApproveRequestSchema,
  ApproveRevocationResultSchema,
  ApproveRevocationSchema,
  CancelRevocationSchema,
  RequestsQuery,
  RequestsResultSchema,
  UploadCertificateSchema,
  AnonymousCsrSchema,
} from './approvals.schemas';
import { CertificateSummarySchema } from './certificates.schemas';
import { anonymousCsr } from './anonymous.service';
import { uploadCertificate } from './upload.service';
import { RequestResultSchema } from './certificates.schemas';

const tags = ['certificates'];
const C = '/api2/Certificates-v1';

/** Registers the approval routes. */
export const approvalsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = pkiDepsOf(app);

  app.get(
    `${C}/CertificateRequests`,
    { config: { auth: 'session', permission: 'certApprovals' }, schema: { summary: 'List certificate requests (default: those awaiting approval)', tags, querystring: RequestsQuery, response: { 200: RequestsResultSchema, ...errorResponses(401) } } },
    async (request) => service.listRequests(deps, requireAuth(request), request.query.status),
  );
  app.post(
    `${C}/ApproveCertificateRequest`,
    { config: { auth: 'session', permission: 'certApprovals' }, schema: { summary: 'Approve (issue) or deny a certificate request awaiting approval', tags, body: ApproveRequestSchema, response: { 200: RequestResultSchema, ...errorResponses(401, 404, 409, 503) } } },
    async (request) => service.decideRequest(deps, requireAuth(request), actorOf(request), request.body),
  );
  app.post(
    `${C}/ApproveRevocation`,
    { config: { auth: 'session', permission: 'certApprovals' }, schema: { summary: 'Approve or deny a revocation awaiting approval', tags, body: ApproveRevocationSchema, response: { 200: ApproveRevocationResultSchema, ...errorResponses(401, 404, 409, 503) } } },
    async (request) => service.decideRevocation(deps, requireAuth(request), actorOf(request), request.body),
  );
  app.post(
    `${C}/CancelRevocation`,
    { config: { auth: 'session', permission: ['viewPendingFailedRevocations', 'certRevoke'] }, schema: { summary: 'Cancel a revocation awaiting approval', tags, body: CancelRevocationSchema, response: { 204: NoContent, ...errorResponses(401, 404, 409, 503) } } },
    async (request, reply) => {
      await service.cancelRevocation(deps, requireAuth(request), actorOf(request), request.body.revocationId);
      return reply.code(204).send(null);
    },
  );
  app.post(
    `${C}/UploadCertificate`,
    {
      config: { auth: 'session', permission: ['certUpload', 'uploadLECert'], upload: true },
      schema: { summary: 'Upload an existing certificate (PEM or DER), stored as issued out of band', tags, body: UploadCertificateSchema, response: { 201: CertificateSummarySchema, ...errorResponses(401, 409, 503) } },
    },
    async (request, reply) => reply.code(201).send(await uploadCertificate(deps, requireAuth(request), actorOf(request), request.body)),
  );
  app.post(
    ANONYMOUS_CSR_PATH,
    {
      config: { auth: 'public' },
      schema: { summary: 'Request a certificate without signing in, for a template the CA allows anonymously', tags, body: AnonymousCsrSchema, response: { 200: RequestResultSchema, ...errorResponses(404, 503) } },
    },
    async (request) => anonymousCsr(deps, { hostname: request.hostname, ip: request.ip }, request.body),
  );
};
