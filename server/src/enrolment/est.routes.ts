/**
 * EST routes (RFC 7030 §3.2.2): `/.well-known/est/{templateId}/{operation}` (the label is the template id).
 * Public, CSRF off; bodies `application/pkcs10` (base64 DER) parsed in this plugin's scope with a 64 KiB limit.
 * Credentials: the TLS client certificate of the HTTPS listener (server.ts, `TESSERA_HTTPS_PORT`) or HTTP
 * basic — basic is refused on plain HTTP (§3.3.1: EST runs over TLS).
 */
import type { TLSSocket } from 'node:tls';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { EST_PATH_PREFIX } from '@tessera/domain';
import { errorResponses, responseOf } from '../platform/schemas';
import { ValidationError } from '../platform/errors';
import type { EnrolmentDeps } from './enrolment.deps';
import { cacerts, csrattrs, enrol, EstUnauthorizedError, type EstCredentials } from './est.service';

const PKCS7 = 'application/pkcs7-mime';

function credentialsOf(request: FastifyRequest): EstCredentials {
  const socket = request.raw.socket as Partial<TLSSocket>;
  const tls = socket.encrypted === true;
  const peer = tls && typeof socket.getPeerCertificate === 'function' ? socket.getPeerCertificate(false) : null;
  const clientCertificate = peer && peer.raw ? new Uint8Array(peer.raw) : null;
  const header = request.headers.authorization ?? '';
  let basicPassword: string | null = null;
  if (tls && /^Basic /i.test(header)) {
    const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon >= 0) basicPassword = decoded.slice(colon + 1);
  }
  return { clientCertificate, basicPassword, ip: request.ip };
}

/** Registers the EST routes. */
export const estRoutes: FastifyPluginAsyncTypebox<{ deps: EnrolmentDeps }> = async (app, { deps }) => {
  // The routes' 1 MiB limit (plugins/body-limit) is read first; the protocol's own 64 KiB is checked here.
  // The route's body limit (`upload: 'enrolment'`, 64 KiB) is checked before the parser runs.
  app.addContentTypeParser('application/pkcs10', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  const Params = Type.Object({ templateId: Type.String({ maxLength: 64, description: 'The template id (the EST label)' }) }, { additionalProperties: false });
  const tags = ['est'];
  const certsOnly = (reply: FastifyReply, body: string) => reply.header('content-type', `${PKCS7}; smime-type=certs-only`).header('content-transfer-encoding', 'base64').send(body);

  app.get(`${EST_PATH_PREFIX}/:templateId/cacerts`, { config: { auth: 'public' }, schema: { summary: 'EST cacerts (RFC 7030 §4.1): the CA certificates, base64 PKCS#7', tags, params: Params, response: { 200: responseOf('certs-only PKCS#7, base64', { [PKCS7]: Type.String() }), ...errorResponses(404) } } }, async (request, reply) =>
    certsOnly(reply, await cacerts(deps, request.params.templateId)),
  );
  app.get(`${EST_PATH_PREFIX}/:templateId/csrattrs`, { config: { auth: 'public' }, schema: { summary: 'EST csrattrs (RFC 7030 §4.5): the signature algorithms the template takes', tags, params: Params, response: { 200: responseOf('CsrAttrs, base64', { 'application/csrattrs': Type.String() }), ...errorResponses(404) } } }, async (request, reply) =>
    reply.header('content-type', 'application/csrattrs').header('content-transfer-encoding', 'base64').send(await csrattrs(deps, request.params.templateId)),
  );
  for (const operation of ['simpleenroll', 'simplereenroll'] as const) {
    app.post(
      `${EST_PATH_PREFIX}/:templateId/${operation}`,
      { config: { auth: 'public', xsrf: false, upload: 'enrolment' }, schema: { summary: `EST ${operation} (RFC 7030 §4.2): a base64 PKCS#10 in, the certificate as base64 PKCS#7 out`, tags, params: Params, response: { 200: responseOf('certs-only PKCS#7, base64', { [PKCS7]: Type.String() }), ...errorResponses(401, 404) } } },
      async (request, reply) => {
        if (typeof request.body !== 'string' || request.body.trim() === '') throw new ValidationError('body', 'must be a base64 PKCS#10 request (application/pkcs10)');
        try {
          const result = await enrol(deps, request.params.templateId, credentialsOf(request), request.body, operation === 'simplereenroll');
          if (result.status === 'issued') return certsOnly(reply, result.body);
          const raw = reply as FastifyReply;
          if (result.status === 'pending') return raw.code(202).header('retry-after', String(result.retryAfterSeconds)).send();
          return raw.code(400).type('text/plain; charset=utf-8').send(result.message);
        } catch (error) {
          if (error instanceof EstUnauthorizedError) return (reply as FastifyReply).code(401).header('www-authenticate', 'Basic realm="EST"').type('text/plain; charset=utf-8').send(error.message);
          throw error;
        }
      },
    );
  }
};
