/**
 * `POST /api2/PKI-v1/DecodePem` [pEMView] (admin-console §2.2 `/admin/certificate/decodepem`; issue 12): any
 * PEM / DER / hex / base64 certificate, CSR or CRL decoded into readable fields. Takes a 10 MB file.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../platform/schemas';
import { decodePem } from './decode.service';
import { DecodePemRequestSchema, DecodePemResponseSchema } from './decode.schemas';

/** The view permission of the decode screen (admin-console §2.2), which the call shares. */
const PEM_VIEW = 'pEMView';

/** Registers the decode route. */
export const decodeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api2/PKI-v1/DecodePem',
    {
      config: { auth: 'session', permission: PEM_VIEW, upload: true },
      schema: {
        summary: 'Decode a certificate, CSR or CRL (PEM, DER, hex or base64) into readable fields',
        tags: ['certificates'],
        body: DecodePemRequestSchema,
        response: { 200: DecodePemResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => decodePem(request.body),
  );
};
