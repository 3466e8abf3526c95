/**
 * Public PKI routes outside the console's paths (docs/api.md "Public PKI routes"): the CRL and CA
 * certificate of each CA. No session; GETs need no CSRF token.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { errorResponses, responseOf } from '../platform/schemas';
import { NotFoundError } from '../platform/errors';
import { currentCrl } from './crl.service';
import { pkiDepsOf } from './pki.service';
import * as repo from './ca.repository';
import { caCertificate } from './ca.service';

const tags = ['pki-public'];
const CaFile = (ext: string) => Type.Object({ file: Type.String({ pattern: `^[0-9a-fA-F-]{36}\\.${ext}$` }) }, { additionalProperties: false });

/** Registers the public PKI routes. */
export const pkiPublicRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = pkiDepsOf(app);

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
