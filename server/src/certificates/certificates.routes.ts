/** Routes of the Certificates-v1 calls and the certificate-request-status calls (docs/api.md "Endpoints (issue 12)"). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../platform/schemas';
import { actorOf, requireAuth } from '../platform/request';
import { CERT_READ_PERMISSIONS, pkiDepsOf } from '../pki/pki.service';
import * as service from './certificates.service';
import { submitKeyRequest } from './key-delivery.service';
import { KeyRequestResultSchema, RequestResultSchema, RequestStatusSchema, RevokeResultSchema, RevokeSchema, RidQuery, SearchResultSchema, SearchSchema, SubmitCsrSchema, SubmitKeyRequestSchema, TidCaQuery } from './certificates.schemas';

const tags = ['certificates'];
const C = '/api2/Certificates-v1';

/** Registers the certificate routes. */
export const certificatesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = pkiDepsOf(app);

  app.post(
    `${C}/SubmitDeviceCSR`,
    { config: { auth: 'session', permission: 'certSigningRequest' }, schema: { summary: 'Request a device certificate from a CSR', tags, body: SubmitCsrSchema, response: { 200: RequestResultSchema, ...errorResponses(401, 404, 503) } } },
    async (request) => service.submitCsr(deps, requireAuth(request), actorOf(request), request.body, ['DEVICE', 'AUTOENROLLDEVICE']),
  );
  app.post(
    `${C}/SubmitUserCSR`,
    { config: { auth: 'session', permission: 'certSigningRequestUser' }, schema: { summary: 'Request a user certificate from a CSR', tags, body: SubmitCsrSchema, response: { 200: RequestResultSchema, ...errorResponses(401, 404, 503) } } },
    async (request) => service.submitCsr(deps, requireAuth(request), actorOf(request), request.body, ['USER', 'AUTOENROLLUSER']),
  );
  app.post(
    `${C}/SubmitUserKeyRequest`,
    {
      config: { auth: 'session', permission: 'certSigningRequestUser' },
      schema: { summary: 'Request a user certificate for a key the server generates, delivered once as PKCS#12 with the given password', tags, body: SubmitKeyRequestSchema, response: { 200: KeyRequestResultSchema, ...errorResponses(401, 404, 503) } },
    },
    async (request) => submitKeyRequest(deps, requireAuth(request), actorOf(request), request.body),
  );
  app.get(
    '/certificate-request-status-by-request-id',
    { config: { auth: 'session', permission: CERT_READ_PERMISSIONS }, schema: { summary: 'Read the status of a certificate request', tags, querystring: RidQuery, response: { 200: RequestStatusSchema, ...errorResponses(401, 404) } } },
    async (request) => service.requestStatus(deps, requireAuth(request), request.query.rid),
  );
  app.get(
    '/certificate-request-status',
    { config: { auth: 'session', permission: CERT_READ_PERMISSIONS }, schema: { summary: 'Read the serial number of a certificate request of a CA', tags, querystring: TidCaQuery, response: { 200: RequestStatusSchema, ...errorResponses(401, 404) } } },
    async (request) => service.requestStatus(deps, requireAuth(request), request.query.tid, request.query.ca),
  );
  app.post(
    `${C}/SearchCertificates`,
    { config: { auth: 'session', permission: 'certView' }, schema: { summary: 'Search certificates', tags, body: SearchSchema, response: { 200: SearchResultSchema, ...errorResponses(401) } } },
    async (request) => service.search(deps, requireAuth(request), request.body ?? {}),
  );
  app.post(
    `${C}/RevokeCertificate`,
    { config: { auth: 'session', permission: 'certRevoke' }, schema: { summary: 'Revoke a certificate', tags, body: RevokeSchema, response: { 200: RevokeResultSchema, ...errorResponses(401, 404, 409, 503) } } },
    async (request) => service.revoke(deps, requireAuth(request), actorOf(request), request.body),
  );
};
