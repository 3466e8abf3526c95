/**
 * `GET /api2/{v}/ReadCertStore?readerName` (signin §7 server calls; §3 "Certificate store: certificates") and
 * `GET /api2/CMS-v2/CardDetails?atr&serial` (signin §3 "Card details response: smartcard, username,
 * cardTemplateName"); issue 15.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { errorResponses, SafeString } from '../platform/schemas';
import { requireAuth } from '../platform/request';
import { CMS_CLIENT_PERMISSIONS } from './cms-client.service';
import * as service from './card-store.service';

const tags = ['smartcards'];
const VERSIONS = ['CMS-v1', 'CMS-v2'] as const;

const StoredCertificateSchema = Type.Object({
  slot: Type.String(),
  pem: Type.String(),
  subject: Type.String(),
  issuer: Type.String(),
  serialNumber: Type.String(),
  notBefore: Type.String(),
  notAfter: Type.String(),
  issuedByTessera: Type.Boolean(),
});

/** Registers ReadCertStore and CardDetails. */
export const cardStoreRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db, hub: app.agentHub };
  for (const v of VERSIONS) {
    app.get(
      `/api2/${v}/ReadCertStore`,
      {
        config: { auth: 'session', permission: CMS_CLIENT_PERMISSIONS },
        schema: {
          summary: 'Read the certificates in the PIV slots of the card in a reader of the caller\'s CMS Client',
          tags,
          querystring: Type.Object({ readerName: SafeString({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false }),
          response: { 200: Type.Object({ serialNumber: Type.String(), certificates: Type.Array(StoredCertificateSchema) }), ...errorResponses(400, 401, 404, 409, 502, 503, 504) },
        },
      },
      async (request) => service.readCertStore(deps, requireAuth(request), request.query.readerName),
    );
  }
  app.get(
    '/api2/CMS-v2/CardDetails',
    {
      config: { auth: 'session', permission: 'smartcardManage' },
      schema: {
        summary: 'The record of a card by serial (and ATR), its user\'s username and its card template\'s name',
        tags,
        querystring: Type.Object({ serial: SafeString({ minLength: 1, maxLength: 100 }), atr: Type.Optional(SafeString({ maxLength: 200 })) }, { additionalProperties: false }),
        response: {
          200: Type.Object({ smartcard: Type.Unknown(), username: Type.Union([Type.String(), Type.Null()]), cardTemplateName: Type.Union([Type.String(), Type.Null()]) }),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request) => service.cardDetails(deps, requireAuth(request), request.query),
  );
};
