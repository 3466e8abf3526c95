/**
 * Public PKI routes outside the console's paths (docs/api.md "Public PKI routes"): the CRL, the OCSP responder
 * and the CA certificate of each CA. No session; no CSRF token (the OCSP POST says `xsrf: false`, it alone);
 * their own rate bucket (`/pki/*`, platform/rate-limits). OCSP bodies are DER (`application/ocsp-request`,
 * parsed here only); what does not parse as an OCSPRequest answers `malformedRequest`, as RFC 6960 wants.
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { errorResponses, responseOf } from '../platform/schemas';
import { NotFoundError } from '../platform/errors';
import { currentCrl } from './crl.service';
import { pkiDepsOf } from './pki.service';
import * as repo from './ca.repository';
import { caCertificate } from './ca.service';
import { OCSP_MAX_REQUEST_BYTES, ocspRespond } from './ocsp.service';

const tags = ['pki-public'];
const OCSP_RESPONSE = 'application/ocsp-response';
const ocspAnswer = responseOf('An RFC 6960 OCSPResponse (DER): successful with a BasicOCSPResponse signed by the CA (good, revoked with time and reason, or unknown per CertID; the nonce echoed), or malformedRequest / unauthorized', { [OCSP_RESPONSE]: Type.String({ format: 'binary' }) });
const CaId = Type.String({ pattern: '^[0-9a-fA-F-]{36}$', description: 'The CA id' });
const CaFile = (ext: string) => Type.Object({ file: Type.String({ pattern: `^[0-9a-fA-F-]{36}\\.${ext}$` }) }, { additionalProperties: false });

/** Registers the public PKI routes. */
export const pkiPublicRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = pkiDepsOf(app);
  // In this plugin's scope only: the DER body of an OCSP request (RFC 6960 Appendix A.1).
  app.addContentTypeParser('application/ocsp-request', { parseAs: 'buffer', bodyLimit: OCSP_MAX_REQUEST_BYTES }, (_request, body, done) => done(null, body));
  const sendOcsp = async (reply: FastifyReply, caId: string, der: Uint8Array) =>
    reply.header('content-type', OCSP_RESPONSE).header('cache-control', 'no-store').send(Buffer.from(await ocspRespond(deps, caId.toLowerCase(), der)));

  app.post(
    '/pki/ocsp/:caId',
    {
      config: { auth: 'public', xsrf: false },
      schema: {
        summary: 'Ask the OCSP responder of a certificate authority (RFC 6960, POST with an application/ocsp-request body)',
        tags,
        params: Type.Object({ caId: CaId }, { additionalProperties: false }),
        response: { 200: ocspAnswer, ...errorResponses() },
      },
    },
    async (request, reply) => sendOcsp(reply, request.params.caId, Buffer.isBuffer(request.body) ? request.body : new Uint8Array(0)),
  );
  app.get(
    '/pki/ocsp/:caId/*',
    {
      config: { auth: 'public' },
      schema: {
        summary: 'Ask the OCSP responder of a certificate authority (RFC 6960 Appendix A.1, GET with the base64 request in the path)',
        tags,
        params: Type.Object({ caId: CaId, '*': Type.String({ description: 'The DER OCSPRequest, base64 then URL-encoded' }) }, { additionalProperties: false }),
        response: { 200: ocspAnswer, ...errorResponses() },
      },
    },
    async (request, reply) => {
      const text = request.params['*'];
      const der = /^[A-Za-z0-9+/]+={0,2}$/.test(text) ? Buffer.from(text, 'base64') : new Uint8Array(0);
      return sendOcsp(reply, request.params.caId, der);
    },
  );

  app.get(
    '/pki/crl/:file',
    { config: { auth: 'public' }, schema: { summary: 'Download the current CRL of a certificate authority', tags, params: CaFile('crl'), response: { 200: responseOf('The CRL (DER)', { 'application/pkix-crl': Type.String({ format: 'binary' }) }), ...errorResponses(404) } } },
    async (request, reply) => {
      const der = await currentCrl(deps, request.params.file.slice(0, 36).toLowerCase());
      if (!der) throw new NotFoundError('The certificate authority');
      return reply.header('content-type', 'application/pkix-crl').header('cache-control', 'public, max-age=300').send(Buffer.from(der));
    },
  );
  app.get(
    '/pki/ca/:file',
    { config: { auth: 'public' }, schema: { summary: 'Download a certificate authority certificate', tags, params: CaFile('crt'), response: { 200: responseOf('The CA certificate (DER)', { 'application/pkix-cert': Type.String({ format: 'binary' }) }), ...errorResponses(404) } } },
    async (request, reply) => {
      const row = await repo.findCaById(deps.db, request.params.file.slice(0, 36).toLowerCase());
      if (!row) throw new NotFoundError('The certificate authority');
      return reply.header('content-type', 'application/pkix-cert').header('cache-control', 'public, max-age=3600').send(Buffer.from(caCertificate(row).rawData));
    },
  );
};
