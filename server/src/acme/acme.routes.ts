/**
 * The ACME routes (RFC 8555; issue 17), public and without CSRF (`config: { auth: 'public', xsrf: false }`)
 * under `/pki/acme/{templateId}/`, with their own rate bucket (`/pki/acme/*`, platform/rate-limits). In this
 * plugin's scope only: the `application/jose+json` body parser, problem documents (application/problem+json)
 * for every error, and a fresh Replay-Nonce and the directory's `Link: rel="index"` on every answer.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ACME_PATH } from '@tessera/domain';
import { AppError } from '../platform/errors';
import { responseOf } from '../platform/schemas';
import { secretBoxFor } from '../platform/secret-box';
import { pkiDepsOf } from '../pki/pki.service';
import { AcmeProblem } from './acme.problem';
import { challengeEnv } from './challenges';
import * as service from './acme.service';

const tags = ['acme'];
const JOSE = 'application/jose+json';
/** Largest JWS body (a CSR of a large RSA key with many names fits). */
const ACME_BODY_LIMIT = 256 * 1024;

const Problem = Type.Object({ type: Type.String(), detail: Type.String(), status: Type.Integer() });
const problem = (description: string) => responseOf(description, { 'application/problem+json': Problem });
const PROBLEMS = {
  400: problem('A problem document (malformed, badNonce, badCSR, badSignatureAlgorithm, badPublicKey, accountDoesNotExist, externalAccountRequired, unsupportedIdentifier, alreadyRevoked, badRevocationReason)'),
  401: problem('unauthorized: the JWS url, the account state or the external account binding'),
  403: problem('rejectedIdentifier, orderNotReady or unauthorized'),
  404: problem('No such directory, order, authorization, challenge or certificate'),
  409: problem('The new key of a key change is another account’s'),
  413: problem('The body is too large'),
  415: problem('The content type is not application/jose+json'),
  429: problem('rateLimited'),
  500: problem('serverInternal'),
  503: problem('serverInternal (the audit could not be written)'),
};
const Jws = Type.Object({ protected: Type.String(), payload: Type.String(), signature: Type.String() }, { description: 'A flattened JWS (RFC 7515 §7.2.2)' });
const json = (description: string) => responseOf(description, { 'application/json': Type.Object({}, { additionalProperties: true }) });
const TemplateParam = Type.Object({ templateId: Type.String({ description: 'The ACME-enabled certificate template' }) });
const IdParams = Type.Object({ templateId: Type.String(), id: Type.String() });

/** The short ACME type of an error of the platform (rate limit, audit, body limits). */
function problemOf(error: unknown): AcmeProblem {
  if (error instanceof AcmeProblem) return error;
  const e = error as Partial<AppError> & { statusCode?: number; validation?: unknown; code?: string };
  if (e.validation) return new AcmeProblem('malformed', `The request is malformed: ${String((error as Error).message)}`);
  const status = e.statusCode ?? 500;
  if (status === 429) return new AcmeProblem('rateLimited', 'Too many requests: slow down.', 429);
  if (status === 413) return new AcmeProblem('malformed', 'The request body is too large.', 413);
  if (status === 415) return new AcmeProblem('malformed', `The content type must be ${JOSE}.`, 415);
  if (status === 503) return new AcmeProblem('serverInternal', 'Audit failed', 503);
  if (status >= 400 && status < 500) return new AcmeProblem('malformed', (error as Error).message, status);
  return new AcmeProblem('serverInternal', 'The server failed to answer.', 500, { cause: error });
}

/** Registers the ACME routes. */
export const acmeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps: service.AcmeDeps = { ...pkiDepsOf(app), challenges: challengeEnv({ http01Port: app.config.acmeHttp01Port, tlsAlpn01Port: app.config.acmeTlsAlpn01Port }), box: secretBoxFor(app.config) };
  const origin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
  const urlOf = (request: FastifyRequest) => `${origin(request)}${request.url}`;

  app.addContentTypeParser(JOSE, { parseAs: 'string', bodyLimit: ACME_BODY_LIMIT }, (_request, body, done) => {
    try {
      done(null, JSON.parse(typeof body === 'string' ? body : body.toString('utf8')));
    } catch {
      done(new AcmeProblem('malformed', 'The body is not JSON.'), undefined);
    }
  });

  // Every answer carries a fresh nonce (§6.5) and the directory link (§7.1); none is cached.
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('replay-nonce', await service.newNonce(deps));
    reply.header('cache-control', 'no-store');
    const templateId = (request.params as { templateId?: string } | undefined)?.templateId;
    if (templateId) {
      const index = `<${origin(request)}${ACME_PATH}/${templateId}/directory>;rel="index"`;
      const link = reply.getHeader('link');
      reply.header('link', link ? `${String(link)}, ${index}` : index);
    }
    return payload;
  });

  app.setErrorHandler(async (error, request, reply) => {
    const p = problemOf(error);
    if (p.status >= 500) request.log.error({ err: error }, 'ACME request failed');
    if (p.location) reply.header('location', p.location);
    return reply.code(p.status).header('content-type', 'application/problem+json').send(Buffer.from(JSON.stringify(p.toJSON())));
  });

  const send = (reply: FastifyReply, answer: service.AcmeAnswer) => {
    for (const [name, value] of Object.entries(answer.headers ?? {})) reply.header(name, value);
    reply.code(answer.status);
    if (answer.contentType) return reply.header('content-type', answer.contentType).send(Buffer.from(String(answer.body)));
    if (answer.body === '') return reply.send();
    return reply.header('content-type', 'application/json').send(Buffer.from(JSON.stringify(answer.body)));
  };
  const dir = (request: FastifyRequest<{ Params: { templateId: string } }>) => service.directoryOf(deps, request.params.templateId, origin(request));
  const config = { auth: 'public', xsrf: false } as const;
  const post = (path: string, summary: string, handler: (request: FastifyRequest<{ Params: { templateId: string; id: string } }>, d: service.AcmeDirectory) => Promise<service.AcmeAnswer>, ok: Record<number, unknown>) =>
    app.post<{ Params: { templateId: string; id: string } }>(
      `${ACME_PATH}/:templateId/${path}`,
      { config, schema: { summary, tags, params: path.includes(':id') ? IdParams : TemplateParam, body: Jws, consumes: [JOSE], response: { ...ok, ...PROBLEMS } } },
      async (request, reply) => send(reply, await handler(request, await dir(request))),
    );

  app.get(`${ACME_PATH}/:templateId/directory`, { config, schema: { summary: 'The ACME directory of a template (RFC 8555 §7.1.1)', tags, params: TemplateParam, response: { 200: json('The directory object'), ...PROBLEMS } } }, async (request, reply) =>
    send(reply, { status: 200, body: service.directoryDocument(await dir(request)) }),
  );
  app.head(`${ACME_PATH}/:templateId/new-nonce`, { config, schema: { summary: 'A fresh replay nonce (RFC 8555 §7.2), in the Replay-Nonce header', tags, params: TemplateParam, response: { 200: { description: 'Empty' }, ...PROBLEMS } } }, async (request, reply) => {
    await dir(request);
    return reply.code(200).send();
  });
  app.get(`${ACME_PATH}/:templateId/new-nonce`, { config, exposeHeadRoute: false, schema: { summary: 'A fresh replay nonce (RFC 8555 §7.2), in the Replay-Nonce header', tags, params: TemplateParam, response: { 204: { description: 'Empty' }, ...PROBLEMS } } }, async (request, reply) => {
    await dir(request);
    return reply.code(204).send();
  });
  post('new-account', 'Create or find an account (RFC 8555 §7.3)', (r, d) => service.newAccount(deps, d, r.body, urlOf(r), r.ip), { 200: json('The existing account of the key'), 201: json('The new account') });
  post('acct/:id', 'Read, update or deactivate an account (RFC 8555 §7.3.2, §7.3.6)', (r, d) => service.account(deps, d, r.params.id, r.body, urlOf(r), r.ip), { 200: json('The account') });
  post('acct/:id/orders', 'The pending orders of an account (RFC 8555 §7.1.2.1)', (r, d) => service.accountOrders(deps, d, r.params.id, r.body, urlOf(r)), { 200: json('The orders list') });
  post('key-change', 'Roll the account key over (RFC 8555 §7.3.5)', (r, d) => service.keyChange(deps, d, r.body, urlOf(r), r.ip), { 200: json('The account') });
  post('new-order', 'Order a certificate (RFC 8555 §7.4)', (r, d) => service.newOrder(deps, d, r.body, urlOf(r)), { 201: json('The order') });
  post('order/:id', 'Read an order (POST-as-GET)', (r, d) => service.getOrder(deps, d, r.params.id, r.body, urlOf(r)), { 200: json('The order') });
  post('order/:id/finalize', 'Finalise an order with a CSR (RFC 8555 §7.4)', (r, d) => service.finalize(deps, d, r.params.id, r.body, urlOf(r), r.ip), { 200: json('The order, valid with its certificate URL') });
  post('authz/:id', 'Read or deactivate an authorization (RFC 8555 §7.5)', (r, d) => service.authorization(deps, d, r.params.id, r.body, urlOf(r)), { 200: json('The authorization') });
  post('chall/:id', 'Answer a challenge: start its validation (RFC 8555 §7.5.1)', (r, d) => service.respondChallenge(deps, d, r.params.id, r.body, urlOf(r)), { 200: json('The challenge') });
  post('cert/:id', 'Download the certificate of an order with its chain (RFC 8555 §7.4.2)', (r, d) => service.certificate(deps, d, r.params.id, r.body, urlOf(r)), { 200: responseOf('The certificate and its chain', { 'application/pem-certificate-chain': Type.String() }) });
  post('revoke-cert', 'Revoke a certificate (RFC 8555 §7.6)', (r, d) => service.revokeCert(deps, d, r.body, urlOf(r), r.ip), { 200: { description: 'Revoked' } });
};
